import { Trans, useTranslation } from 'react-i18next';
import { InlineCode } from './inline-code';
import { MethodBadge } from './method-badge';
import type { ApiOperation, JsonSchema } from './openapi';
import { refName } from './schema-model';
import { SchemaTree } from './schema-tree';
import { typeLabel } from './schema-model';

const isErrorShape = (schema?: JsonSchema) => schema?.$ref !== undefined && refName(schema.$ref) === 'Error';

function Parameters({ operation }: { operation: ApiOperation }) {
  const { t } = useTranslation('docs');
  if (operation.parameters.length === 0) return null;
  return (
    <div>
      <h4 className="text-sm font-semibold">{t('api.parameters')}</h4>
      <table className="mt-1 w-full text-left text-sm">
        <thead>
          <tr className="border-b text-xs text-muted-foreground">
            <th scope="col" className="py-1 pr-3 font-medium">
              {t('api.name')}
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              {t('api.in')}
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              {t('api.type')}
            </th>
            <th scope="col" className="py-1 font-medium">
              {t('api.required')}
            </th>
          </tr>
        </thead>
        <tbody>
          {operation.parameters.map((parameter) => (
            <tr key={`${parameter.in}-${parameter.name}`} className="border-b last:border-0">
              <td className="py-1 pr-3 font-mono">{parameter.name}</td>
              <td className="py-1 pr-3">{parameter.in}</td>
              <td className="py-1 pr-3 font-mono text-xs">{parameter.schema ? typeLabel(parameter.schema) : 'any'}</td>
              <td className="py-1">{parameter.required ? t('api.yes') : t('api.no')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

interface OperationViewProps {
  operation: ApiOperation;
  components: Record<string, JsonSchema>;
}

/** One operation, folded: method, path and summary; unfolded: description, auth, parameters, body, responses. */
export function OperationView({ operation, components }: OperationViewProps) {
  const { t } = useTranslation('docs');
  const errors = operation.responses.filter((response) => isErrorShape(response.schema)).map((r) => r.status);
  const others = operation.responses.filter((response) => !isErrorShape(response.schema));
  return (
    <details id={operation.id} className="group rounded-lg border">
      <summary className="flex cursor-pointer flex-wrap items-center gap-x-3 gap-y-1 p-3 hover:bg-accent/50">
        <MethodBadge method={operation.method} />
        <code className="font-mono text-sm font-medium break-all">{operation.path}</code>
        <span className="text-sm text-muted-foreground">{operation.summary}</span>
      </summary>
      <div className="space-y-4 border-t p-4">
        {operation.description ? (
          <p className="text-sm">
            <InlineCode text={operation.description} />
          </p>
        ) : null}
        <p className="text-sm text-muted-foreground">{operation.needsAuth ? t('api.needsAuth') : t('api.public')}</p>
        <Parameters operation={operation} />
        {operation.body ? (
          <div>
            <h4 className="text-sm font-semibold">
              {t('api.body')}{' '}
              <span className="font-normal text-muted-foreground">
                {operation.body.required
                  ? t('api.mediaRequired', { media: operation.body.mediaType })
                  : t('api.media', { media: operation.body.mediaType })}
              </span>
            </h4>
            {operation.body.schema ? <SchemaTree schema={operation.body.schema} components={components} /> : null}
          </div>
        ) : null}
        <div>
          <h4 className="text-sm font-semibold">{t('api.responses')}</h4>
          <ul className="mt-1 space-y-3">
            {others.map((response) => (
              <li key={response.status} className="text-sm">
                <span className="font-mono font-semibold">{response.status}</span>
                {response.mediaType ? <span className="text-muted-foreground"> {response.mediaType}</span> : null}
                {response.schema ? (
                  <div className="mt-1">
                    <SchemaTree schema={response.schema} components={components} />
                  </div>
                ) : null}
              </li>
            ))}
            {errors.length > 0 ? (
              <li className="text-sm">
                <span className="font-mono font-semibold">{errors.join(', ')}</span>{' '}
                <span className="text-muted-foreground">
                  <Trans
                    t={t}
                    i18nKey="api.errorShape"
                    components={{ anchor: <a href="#errors" className="text-primary underline underline-offset-2" /> }}
                  />
                </span>
              </li>
            ) : null}
          </ul>
        </div>
      </div>
    </details>
  );
}
