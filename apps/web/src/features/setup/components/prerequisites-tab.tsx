import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import {
  MINIMUM_REQUIREMENTS,
  MODEL_SIZE_REQUIREMENTS,
  RECOMMENDED_REQUIREMENTS,
  SOFTWARE_REQUIREMENTS,
} from '../lib/requirements';

function RequirementList({ items }: { items: readonly { label: string; value: string }[] }) {
  const { t } = useTranslation('setup');
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {items.map((item) => (
        <div key={item.label} className="contents">
          <dt className="font-medium">{t(item.label)}</dt>
          <dd className="text-muted-foreground">{t(item.value)}</dd>
        </div>
      ))}
    </dl>
  );
}

export function PrerequisitesTab() {
  const { t } = useTranslation('setup');
  return (
    <div className="grid gap-4">
      <div className="grid gap-4 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>{t('prereq.minimum')}</CardTitle>
            <CardDescription>{t('prereq.minimumDescription')}</CardDescription>
          </CardHeader>
          <CardContent>
            <RequirementList items={MINIMUM_REQUIREMENTS} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{t('prereq.recommended')}</CardTitle>
            <CardDescription>{t('prereq.recommendedDescription')}</CardDescription>
          </CardHeader>
          <CardContent>
            <RequirementList items={RECOMMENDED_REQUIREMENTS} />
          </CardContent>
        </Card>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>{t('prereq.software')}</CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="grid list-disc gap-1 ps-5 text-sm">
            {SOFTWARE_REQUIREMENTS.map((item) => (
              <li key={item}>{t(item)}</li>
            ))}
          </ul>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t('prereq.modelTitle')}</CardTitle>
          <CardDescription>{t('prereq.modelDescription')}</CardDescription>
        </CardHeader>
        <CardContent className="overflow-x-auto">
          <table className="w-full text-start text-sm">
            <thead>
              <tr className="border-b">
                <th scope="col" className="py-2 pe-4 font-medium">
                  {t('prereq.modelSize')}
                </th>
                <th scope="col" className="py-2 pe-4 font-medium">
                  {t('prereq.ram')}
                </th>
                <th scope="col" className="py-2 pe-4 font-medium">
                  {t('prereq.disk')}
                </th>
                <th scope="col" className="py-2 font-medium">
                  {t('prereq.download')}
                </th>
              </tr>
            </thead>
            <tbody>
              {MODEL_SIZE_REQUIREMENTS.map((row) => (
                <tr key={row.size} className="border-b last:border-0">
                  <th scope="row" className="py-2 pe-4 font-medium">
                    {t(row.size)}
                  </th>
                  <td className="py-2 pe-4 text-muted-foreground">{row.ram}</td>
                  <td className="py-2 pe-4 text-muted-foreground">{row.disk}</td>
                  <td className="py-2 text-muted-foreground">{row.time}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </CardContent>
      </Card>
    </div>
  );
}
