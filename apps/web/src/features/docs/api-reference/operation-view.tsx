import { InlineCode } from './inline-code';
import { MethodBadge } from './method-badge';
import type { ApiOperation, JsonSchema } from './openapi';
import { refName } from './schema-model';
import { SchemaTree } from './schema-tree';
import { typeLabel } from './schema-model';

const isErrorShape = (schema?: JsonSchema) => schema?.$ref !== undefined && refName(schema.$ref) === 'Error';

function Parameters({ operation }: { operation: ApiOperation }) {
  if (operation.parameters.length === 0) return null;
  return (
    <div>
      <h4 className="text-sm font-semibold">Parameters</h4>
      <table className="mt-1 w-full text-left text-sm">
        <thead>
          <tr className="border-b text-xs text-muted-foreground">
            <th scope="col" className="py-1 pr-3 font-medium">
              Name
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              In
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              Type
            </th>
            <th scope="col" className="py-1 font-medium">
              Required
            </th>
          </tr>
        </thead>
        <tbody>
          {operation.parameters.map((parameter) => (
            <tr key={`${parameter.in}-${parameter.name}`} className="border-b last:border-0">
              <td className="py-1 pr-3 font-mono">{parameter.name}</td>
              <td className="py-1 pr-3">{parameter.in}</td>
              <td className="py-1 pr-3 font-mono text-xs">{parameter.schema ? typeLabel(parameter.schema) : 'any'}</td>
              <td className="py-1">{parameter.required ? 'yes' : 'no'}</td>
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
        <p className="text-sm text-muted-foreground">
          {operation.needsAuth
            ? 'Needs a signed-in session (cookie, with x-csrf-token on writes) or Authorization: Bearer <token>.'
            : 'Public: no authentication needed.'}
        </p>
        <Parameters operation={operation} />
        {operation.body ? (
          <div>
            <h4 className="text-sm font-semibold">
              Request body{' '}
              <span className="font-normal text-muted-foreground">
                ({operation.body.mediaType}
                {operation.body.required ? ', required' : ''})
              </span>
            </h4>
            {operation.body.schema ? <SchemaTree schema={operation.body.schema} components={components} /> : null}
          </div>
        ) : null}
        <div>
          <h4 className="text-sm font-semibold">Responses</h4>
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
                  the{' '}
                  <a href="#errors" className="text-primary underline underline-offset-2">
                    error shape
                  </a>{' '}
                  {'{code, message, details}'}
                </span>
              </li>
            ) : null}
          </ul>
        </div>
      </div>
    </details>
  );
}
