import { i18n } from '../../../lib/i18n';
import type { JsonSchema } from './openapi';

export const refName = (ref: string): string => ref.split('/').pop() ?? ref;

/** The schema a $ref points at (components/schemas only), or the schema itself. */
export function resolve(schema: JsonSchema, components: Record<string, JsonSchema>): JsonSchema {
  return schema.$ref ? (components[refName(schema.$ref)] ?? {}) : schema;
}

const isNull = (schema: JsonSchema) => schema.type === 'null';

/** A short type label: `string`, `array of Message`, `integer | null`, `"a" | "b"`, `any`. */
export function typeLabel(schema: JsonSchema): string {
  if (schema.$ref) return refName(schema.$ref);
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return variants.map(typeLabel).join(' | ');
  if (schema.allOf) return schema.allOf.map(typeLabel).join(' & ');
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : schema.type;
  if (type === 'array') return i18n.t('docs:schema.arrayOf', { type: schema.items ? typeLabel(schema.items) : 'any' });
  if (type === 'object' && schema.additionalProperties && typeof schema.additionalProperties === 'object') {
    return i18n.t('docs:schema.mapOf', { type: typeLabel(schema.additionalProperties) });
  }
  return type ?? 'any';
}

/** Human notes on a schema's limits: `required`, `1-100 characters`, `one of: a, b`, `default: 10`. */
export function constraints(schema: JsonSchema): string[] {
  const notes: string[] = [];
  const range = (min?: number, max?: number, unit = '') => {
    if (min !== undefined && max !== undefined) notes.push(i18n.t('docs:schema.range', { min, max, unit }));
    else if (min !== undefined) notes.push(i18n.t('docs:schema.atLeast', { min, unit }));
    else if (max !== undefined) notes.push(i18n.t('docs:schema.atMost', { max, unit }));
  };
  range(schema.minimum, schema.maximum);
  range(schema.minLength, schema.maxLength, i18n.t('docs:schema.characters'));
  range(schema.minItems, schema.maxItems, i18n.t('docs:schema.items'));
  if (schema.enum) {
    notes.push(i18n.t('docs:schema.oneOf', { values: schema.enum.map((value) => String(value)).join(', ') }));
  }
  if (schema.format) notes.push(i18n.t('docs:schema.format', { format: schema.format }));
  else if (schema.pattern && schema.pattern.length <= 60) {
    notes.push(i18n.t('docs:schema.pattern', { pattern: schema.pattern }));
  }
  if (schema.default !== undefined)
    notes.push(i18n.t('docs:schema.default', { value: JSON.stringify(schema.default) }));
  return notes;
}

export interface SchemaField {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

/**
 * The fields to show under a schema: an object's properties, an array's item fields, the one non-null
 * variant of a nullable, or the variants of a union. `seen` holds the $refs on the way here (no cycles).
 */
export function fieldsOf(schema: JsonSchema, components: Record<string, JsonSchema>, seen: string[]): SchemaField[] {
  if (schema.$ref && seen.includes(schema.$ref)) return [];
  const target = resolve(schema, components);
  const nextSeen = schema.$ref ? [...seen, schema.$ref] : seen;
  if (target.properties) {
    const required = new Set(target.required ?? []);
    return Object.entries(target.properties).map(([name, property]) => ({
      name,
      required: required.has(name),
      schema: property,
    }));
  }
  if (target.items) return fieldsOf(target.items, components, nextSeen);
  const variants = (target.anyOf ?? target.oneOf ?? []).filter((variant) => !isNull(variant));
  if (variants.length === 1 && variants[0]) return fieldsOf(variants[0], components, nextSeen);
  if (variants.length > 1) {
    return variants.map((variant, index) => ({
      name: i18n.t('docs:schema.option', { n: index + 1 }),
      required: false,
      schema: variant,
    }));
  }
  return [];
}
