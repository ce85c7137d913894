import { CodeXml, ShieldCheck, SlidersHorizontal, Zap, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** Keys of the `landing` namespace. */
interface Feature {
  title: string;
  text: string;
  icon: LucideIcon;
}

/** Each card says only what Hearth really does (see README.md). */
const FEATURES: readonly Feature[] = [
  {
    title: 'features.private.title',
    text: 'features.private.text',
    icon: ShieldCheck,
  },
  {
    title: 'features.fast.title',
    text: 'features.fast.text',
    icon: Zap,
  },
  {
    title: 'features.custom.title',
    text: 'features.custom.text',
    icon: SlidersHorizontal,
  },
  {
    title: 'features.open.title',
    text: 'features.open.text',
    icon: CodeXml,
  },
];

export function FeatureCards() {
  const { t } = useTranslation('landing');
  return (
    <section aria-labelledby="features-title" className="border-t bg-muted/40">
      <div className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="features-title" className="mb-8 text-center text-3xl font-bold tracking-tight">
          {t('features.title')}
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map(({ title, text, icon: Icon }) => (
            <li key={title} className="rounded-xl border bg-card p-6 shadow-sm">
              <Icon className="mb-3 size-8 text-primary" aria-hidden />
              <h3 className="mb-2 font-semibold">{t(title)}</h3>
              <p className="text-sm text-muted-foreground">{t(text)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
