import { useTranslation } from 'react-i18next';
import type { JsonSchema } from './openapi';
import { constraints, fieldsOf, typeLabel } from './schema-model';

const MAX_DEPTH = 8;

interface FieldListProps {
  schema: JsonSchema;
  components: Record<string, JsonSchema>;
  seen: string[];
  depth: number;
}

/** The fields of a schema as a nested list: name, type, required, limits, description. */
function FieldList({ schema, components, seen, depth }: FieldListProps) {
  const { t } = useTranslation('docs');
  const fields = fieldsOf(schema, components, seen);
  if (fields.length === 0 || depth > MAX_DEPTH) return null;
  const nextSeen = schema.$ref ? [...seen, schema.$ref] : seen;
  return (
    <ul className="space-y-1.5 border-l pl-3">
      {fields.map((field) => {
        const notes = constraints(field.schema);
        return (
          <li key={field.name} className="text-sm">
            <div className="flex flex-wrap items-baseline gap-x-2">
              <code className="font-mono font-medium">{field.name}</code>
              <span className="font-mono text-xs text-muted-foreground">{typeLabel(field.schema)}</span>
              {field.required ? (
                <span className="text-xs font-medium text-destructive">{t('api.requiredField')}</span>
              ) : null}
              {notes.length > 0 ? <span className="text-xs text-muted-foreground">{notes.join(' · ')}</span> : null}
            </div>
            {field.schema.description ? (
              <p className="text-xs text-muted-foreground">{field.schema.description}</p>
            ) : null}
            <div className="mt-1">
              <FieldList schema={field.schema} components={components} seen={nextSeen} depth={depth + 1} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** A request or response schema: its type on one line, then its fields as a tree. */
export function SchemaTree({ schema, components }: { schema: JsonSchema; components: Record<string, JsonSchema> }) {
  const notes = constraints(schema);
  return (
    <div className="space-y-1.5">
      <p className="text-xs text-muted-foreground">
        <span className="font-mono">{typeLabel(schema)}</span>
        {notes.length > 0 ? ` · ${notes.join(' · ')}` : null}
        {schema.description ? ` — ${schema.description}` : null}
      </p>
      <FieldList schema={schema} components={components} seen={[]} depth={0} />
    </div>
  );
}
