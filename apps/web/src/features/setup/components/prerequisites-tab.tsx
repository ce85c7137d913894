import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import {
  MINIMUM_REQUIREMENTS,
  MODEL_SIZE_REQUIREMENTS,
  RECOMMENDED_REQUIREMENTS,
  SOFTWARE_REQUIREMENTS,
} from '../lib/requirements';

function RequirementList({ items }: { items: readonly { label: string; value: string }[] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {items.map((item) => (
        <div key={item.label} className="contents">
          <dt className="font-medium">{item.label}</dt>
          <dd className="text-muted-foreground">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function PrerequisitesTab() {
  return (
    <div className="grid gap-4">
      <div className="grid gap-4 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Minimum</CardTitle>
            <CardDescription>Enough for small models (up to 7B) on the CPU.</CardDescription>
          </CardHeader>
          <CardContent>
            <RequirementList items={MINIMUM_REQUIREMENTS} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Recommended</CardTitle>
            <CardDescription>For larger models and several people at once.</CardDescription>
          </CardHeader>
          <CardContent>
            <RequirementList items={RECOMMENDED_REQUIREMENTS} />
          </CardContent>
        </Card>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Software</CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="grid list-disc gap-1 pl-5 text-sm">
            {SOFTWARE_REQUIREMENTS.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>What a model needs</CardTitle>
          <CardDescription>By parameter size; download times depend on your connection.</CardDescription>
        </CardHeader>
        <CardContent className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b">
                <th scope="col" className="py-2 pr-4 font-medium">
                  Model size
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  RAM
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  Disk
                </th>
                <th scope="col" className="py-2 font-medium">
                  Download
                </th>
              </tr>
            </thead>
            <tbody>
              {MODEL_SIZE_REQUIREMENTS.map((row) => (
                <tr key={row.size} className="border-b last:border-0">
                  <th scope="row" className="py-2 pr-4 font-medium">
                    {row.size}
                  </th>
                  <td className="py-2 pr-4 text-muted-foreground">{row.ram}</td>
                  <td className="py-2 pr-4 text-muted-foreground">{row.disk}</td>
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
