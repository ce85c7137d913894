import { formatModelSizeGB, type InstalledModel } from '@hearth/contract';
import { formatDate, i18n } from '../../../lib/i18n';

/**
 * What a runtime really reported about a model: parameters, quantisation, size and family. Nothing is rated or
 * guessed here (issue #17: a 260K-parameter test model was shown as 'Accuracy: good'); unknown facts are left out.
 */
export function modelFacts(model: Pick<InstalledModel, 'size' | 'details'>): string[] {
  return [
    model.details.parameter_size ? i18n.t('models:facts.parameters', { size: model.details.parameter_size }) : null,
    model.details.quantization_level,
    // Runtimes that cannot tell the size report 0: '0.0 GB' would be a false fact.
    model.size > 0 ? formatModelSizeGB(model.size) : null,
    model.details.family,
  ].filter((fact): fact is string => Boolean(fact));
}

/** The model's last-modified date, or null when missing, unparsable or the zero time (1970, or Go's year 1). */
export function modelUpdatedDate(modifiedAt: string | null | undefined): string | null {
  if (!modifiedAt) return null;
  const time = new Date(modifiedAt).getTime();
  if (Number.isNaN(time) || time <= 0) return null;
  return formatDate(modifiedAt) || null;
}
