import { BookOpen, Rocket, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { SourceLink } from './source-link';

const STEPS = [
  { title: 'steps.start.title', text: 'steps.start.text' },
  { title: 'steps.account.title', text: 'steps.account.text' },
  { title: 'steps.model.title', text: 'steps.model.text' },
] as const;

export function CommunitySection() {
  const { t } = useTranslation('landing');
  return (
    <section aria-labelledby="community-title" className="mx-auto max-w-6xl px-4 py-16 text-center">
      <Users className="mx-auto mb-3 size-8 text-primary" aria-hidden />
      <h2 id="community-title" className="mb-3 text-3xl font-bold tracking-tight">
        {t('community.title')}
      </h2>
      <p className="mx-auto mb-6 max-w-2xl text-muted-foreground">{t('community.text')}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <SourceLink className={buttonClasses('outline')}>
          {t('community.source')}
          <span className="sr-only">{t('newTab')}</span>
        </SourceLink>
        <Link to={paths.docs.root} className={buttonClasses('outline')}>
          <BookOpen aria-hidden />
          {t('community.docs')}
        </Link>
      </div>
    </section>
  );
}

export function SetupSteps() {
  const { t } = useTranslation('landing');
  return (
    <section aria-labelledby="steps-title" className="border-t bg-muted/40">
      <div className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="steps-title" className="mb-8 text-center text-3xl font-bold tracking-tight">
          {t('steps.title')}
        </h2>
        <ol className="grid gap-4 md:grid-cols-3">
          {STEPS.map((step, index) => (
            <li key={step.title} className="rounded-xl border bg-card p-6 shadow-sm">
              <span className="mb-3 flex size-8 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground">
                {index + 1}
              </span>
              <h3 className="mb-2 font-semibold">{t(step.title)}</h3>
              <p className="text-sm text-muted-foreground">{t(step.text)}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

export function FinalCallToAction() {
  const { t } = useTranslation('landing');
  return (
    <section aria-labelledby="cta-title" className="mx-auto max-w-6xl px-4 py-16 text-center">
      <h2 id="cta-title" className="mb-3 text-3xl font-bold tracking-tight">
        {t('cta.title')}
      </h2>
      <p className="mx-auto mb-6 max-w-xl text-muted-foreground">{t('cta.text')}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to={paths.quickStart} className={buttonClasses('default', 'lg')}>
          <Rocket aria-hidden />
          {t('cta.deploy')}
        </Link>
        <Link to={paths.auth} className={buttonClasses('outline', 'lg')}>
          {t('cta.demo')}
        </Link>
      </div>
    </section>
  );
}

export function LandingFooter() {
  const { t } = useTranslation('landing');
  return (
    <footer className="border-t">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-3 px-4 py-6 text-sm text-muted-foreground sm:flex-row">
        <p>{t('footer.tagline')}</p>
        <nav aria-label={t('footer.label')} className="flex flex-wrap gap-4">
          <Link to={paths.docs.root} className="hover:text-foreground hover:underline">
            {t('footer.docs')}
          </Link>
          <Link to={paths.quickStart} className="hover:text-foreground hover:underline">
            {t('footer.setup')}
          </Link>
          <SourceLink className="hover:text-foreground hover:underline">
            {t('footer.source')}
            <span className="sr-only">{t('newTab')}</span>
          </SourceLink>
        </nav>
      </div>
    </footer>
  );
}
