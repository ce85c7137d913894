import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { featureAreas, MATURITY_MEANING, type Maturity, notBuiltYet } from '../lib/features';
import { MaturityBadge } from './maturity-badge';

const levels = Object.keys(MATURITY_MEANING) as Maturity[];
/** "Why stable:" and its kin (keys of the docs namespace). */
const why = {
  Stable: 'features.why.Stable',
  Beta: 'features.why.Beta',
  Experimental: 'features.why.Experimental',
} as const satisfies Record<Maturity, string>;

/** What Hearth does today, each feature with a Stable / Beta / Experimental badge and the reason for it. */
export function FeaturesPage() {
  const { t } = useTranslation('docs');
  return (
    <>
      <h1 className="text-3xl font-bold tracking-tight">{t('features.title')}</h1>
      <p className="mt-2 text-lg text-muted-foreground">{t('features.intro')}</p>
      <dl className="mt-6 grid gap-3 rounded-lg border p-4 sm:grid-cols-3">
        {levels.map((level) => (
          <div key={level} className="space-y-1">
            <dt>
              <MaturityBadge maturity={level} />
            </dt>
            <dd className="text-sm text-muted-foreground">{MATURITY_MEANING[level]}</dd>
          </div>
        ))}
      </dl>
      {featureAreas.map((area, index) => (
        <section key={area.title} aria-labelledby={`area-${index}`} className="mt-10">
          <h2 id={`area-${index}`} className="text-xl font-semibold">
            {area.title}
          </h2>
          <ul className="mt-4 divide-y rounded-lg border">
            {area.features.map((feature) => (
              <li key={feature.name} className="space-y-1 p-4">
                <div className="flex flex-wrap items-center gap-2">
                  <h3 className="font-medium">{feature.name}</h3>
                  <MaturityBadge maturity={feature.maturity} />
                </div>
                <p className="text-sm">{feature.summary}</p>
                <p className="text-sm text-muted-foreground">
                  <span className="font-medium">{t(why[feature.maturity])}</span> {feature.why}
                  {feature.doc ? (
                    <>
                      {' '}
                      <Link to={feature.doc} className="text-primary underline underline-offset-2">
                        {t('features.readMore')}
                        <span className="sr-only"> {t('features.about', { name: feature.name })}</span>
                      </Link>
                    </>
                  ) : null}
                </p>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <section aria-labelledby="not-built" className="mt-10">
        <h2 id="not-built" className="text-xl font-semibold">
          {t('features.notYet')}
        </h2>
        <ul className="mt-4 list-disc space-y-1 pl-6 text-sm">
          {notBuiltYet.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </section>
    </>
  );
}
