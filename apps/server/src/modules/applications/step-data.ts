import { stepTitleFor } from '@sekolo/shared/constants/registration';
import type { TApplicationDocument } from '@sekolo/shared/schemas/applications';
import { isUploadedFileRef } from '@sekolo/shared/schemas/uploads';
import type { TStepData } from '../../platform/db/schema/index.ts';

type TFileRef = Omit<TApplicationDocument, 'url'>;

/** Every uploaded file referenced anywhere in the step data (logoFile, documentFiles.*, lists...). */
export function referencedFiles(stepData: TStepData): TFileRef[] {
  const found: TFileRef[] = [];
  const walk = (step: number, value: unknown, path: string[]) => {
    if (isUploadedFileRef(value)) {
      const v = value;
      found.push({
        step,
        field: path.join('.'),
        id: v.id,
        name: v.name,
        size: Number(v.size) || 0,
        mimeType: v.mimeType,
      });
      return;
    }
    if (Array.isArray(value)) value.forEach((item, i) => walk(step, item, [...path, String(i)]));
    else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) walk(step, item, [...path, key]);
    }
  };
  for (const [step, data] of Object.entries(stepData)) walk(Number(step), data, []);
  return found.sort((a, b) => a.step - b.step);
}

export function stepsOf(userType: string, stepData: TStepData) {
  const numbers = new Set<number>(Object.keys(stepData).map(Number));
  for (let step = 1; stepTitleFor(userType, step); step++) numbers.add(step);
  return [...numbers]
    .sort((a, b) => a - b)
    .map((step) => ({
      step,
      title: stepTitleFor(userType, step) ?? `Step ${step}`,
      data: stepData[String(step)] ?? null,
    }));
}

/** The guardian a young entrepreneur named (step 3, Guardian Information). */
export function guardianOf(stepData: TStepData): { name: string; email: string; relation: string } | null {
  const ordered = [stepData['3'], ...Object.values(stepData)].filter(Boolean) as Record<string, unknown>[];
  for (const data of ordered) {
    const g = (data.guardian && typeof data.guardian === 'object' ? data.guardian : data) as Record<string, unknown>;
    if (typeof g.email === 'string' && typeof g.relation === 'string') {
      const name = [g.firstName, g.lastName].filter((x) => typeof x === 'string' && x.trim()).join(' ');
      return { name: name || g.email, email: g.email.trim().toLowerCase(), relation: g.relation };
    }
  }
  return null;
}

/** The young entrepreneur's own name (step 2, Personal Information) and shop name (step 1). */
export function childAndShopOf(stepData: TStepData, fallbackName: string): { childName: string; shopName: string } {
  const personal = stepData['2'] ?? {};
  const childName = [personal.firstName, personal.lastName].filter((x) => typeof x === 'string' && x.trim()).join(' ');
  const shopName = typeof stepData['1']?.shopName === 'string' ? (stepData['1'].shopName as string) : '';
  return { childName: childName || fallbackName, shopName };
}
