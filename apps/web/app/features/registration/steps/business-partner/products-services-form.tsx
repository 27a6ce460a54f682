import { useId, useState } from 'react';
import { FormProvider, useFieldArray, useForm, useFormContext, type FieldErrors, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2 } from 'lucide-react';
import type { z } from 'zod';
import {
  PRICE_RANGES,
  PRODUCT_CATEGORIES,
  SERVICE_CATEGORIES,
  TUTOR_SUBJECTS,
} from '@sekolo/shared/constants/enumerations';
import type { IOption } from '@sekolo/shared/domain/options';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { NativeSelect } from '~/components/ui/native-select';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/components/ui/tabs';
import { Textarea } from '~/components/ui/textarea';
import { WizardNav } from '../../components/wizard-nav';
import { useFormDraft } from '../../lib/use-form-draft';
import { blankEntry, canRemoveEntry, initialEntries, type TEntryFormValues } from './entry-list';

export type TProductSections = { tutorInfo: boolean; products: boolean; services: boolean; consultantInfo: boolean };

export type TProductsServicesFormValues = {
  overview: string;
  tutorInfo: { subjects: string[]; qualifications: string; experience: string; teachingMethods: string };
  consultantInfo: {
    specialization: string;
    experience: string;
    qualifications: string;
    servicesOffered: string;
    rates: string;
  };
  products: TEntryFormValues[];
  services: TEntryFormValues[];
};

type TTab = 'overview' | keyof TProductSections;

/** The tabs in the spec's order with their titles (spec 2.9). */
const TABS: readonly { id: TTab; title: string }[] = [
  { id: 'overview', title: 'Overview' },
  { id: 'tutorInfo', title: 'Tutor Information' },
  { id: 'products', title: 'Products' },
  { id: 'services', title: 'Services' },
  { id: 'consultantInfo', title: 'Consultant Services' },
];

type TSavedProfile = {
  overview?: unknown;
  tutorInfo?: Partial<TProductsServicesFormValues['tutorInfo']>;
  consultantInfo?: Partial<TProductsServicesFormValues['consultantInfo']>;
  products?: readonly Partial<TEntryFormValues>[];
  services?: readonly Partial<TEntryFormValues>[];
};

export function initialProductsServicesValues(saved: TSavedProfile | undefined): TProductsServicesFormValues {
  return {
    overview: typeof saved?.overview === 'string' ? saved.overview : '',
    tutorInfo: { subjects: [], qualifications: '', experience: '', teachingMethods: '', ...saved?.tutorInfo },
    consultantInfo: {
      specialization: '',
      experience: '',
      qualifications: '',
      servicesOffered: '',
      rates: '',
      ...saved?.consultantInfo,
    },
    products: initialEntries(saved?.products),
    services: initialEntries(saved?.services),
  };
}

/** Only the overview and the shown sections are validated and submitted. */
function pickShown(values: TProductsServicesFormValues, sections: TProductSections) {
  return {
    overview: values.overview,
    ...(sections.tutorInfo ? { tutorInfo: values.tutorInfo } : {}),
    ...(sections.consultantInfo ? { consultantInfo: values.consultantInfo } : {}),
    ...(sections.products ? { products: values.products } : {}),
    ...(sections.services ? { services: values.services } : {}),
  };
}

function firstTabWithErrors(
  errors: FieldErrors<TProductsServicesFormValues>,
  shown: readonly TTab[],
): TTab | undefined {
  return shown.find((tab) => errors[tab] !== undefined);
}

/**
 * The products and services profile (spec 2.9, 3, 4, 5): tabs Overview always, then Tutor
 * Information, Products, Services and Consultant Services as `sections` allows. Used by the
 * business partner's step 2 (sections from the partner types) and the charity's optional step 2.
 */
export function ProductsServicesForm<TOutput>({
  schema,
  sections,
  saved,
  overviewOptional,
  overviewLabel = 'Business overview',
  step,
  nextLabel,
  onBack,
  onSubmit,
  submitting,
  onDraftChange,
}: {
  schema: z.ZodType<TOutput>;
  sections: TProductSections;
  saved: TSavedProfile | undefined;
  overviewOptional?: boolean;
  overviewLabel?: string;
  step: number;
  nextLabel: string;
  onBack: () => void;
  onSubmit: (values: TOutput) => Promise<void> | void;
  submitting: boolean;
  /** The wizard's draft of the unfinished step (IWizardStepProps). */
  onDraftChange?: (values: Record<string, unknown>) => void;
}) {
  const id = useId();
  const shown = TABS.filter((tab) => tab.id === 'overview' || sections[tab.id as keyof TProductSections]);
  const [activeTab, setActiveTab] = useState<TTab>('overview');
  const zod = zodResolver(schema as z.ZodType<TOutput, Record<string, unknown>>) as unknown as Resolver<
    Record<string, unknown>,
    unknown,
    TOutput
  >;
  const resolver: Resolver<TProductsServicesFormValues, unknown, TOutput> = (values, context, options) =>
    zod(pickShown(values, sections), context, options as never) as never;
  const form = useForm<TProductsServicesFormValues, unknown, TOutput>({
    resolver,
    defaultValues: initialProductsServicesValues(saved),
  });
  useFormDraft(form.watch, onDraftChange);

  const handle = form.handleSubmit(
    (values) => onSubmit(values),
    (errors) => {
      const tab = firstTabWithErrors(
        errors,
        shown.map((t) => t.id),
      );
      if (tab) setActiveTab(tab);
    },
  );

  const errors = form.formState.errors;
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void handle(event)} className="space-y-8">
        <Tabs value={activeTab} onValueChange={(value) => setActiveTab(value as TTab)}>
          <TabsList aria-label="Products and services">
            {shown.map((tab) => (
              <TabsTrigger key={tab.id} value={tab.id}>
                {tab.title}
                {errors[tab.id] && (
                  <span className="size-2 rounded-full bg-red-600" aria-label="has errors" role="img" />
                )}
              </TabsTrigger>
            ))}
          </TabsList>

          <TabsContent value="overview" forceMount hidden={activeTab !== 'overview'}>
            <FormField
              id={`${id}-overview`}
              label={overviewLabel}
              optional={overviewOptional}
              hint="What you offer, to whom and where"
              error={errors.overview?.message}
            >
              <Textarea rows={6} {...form.register('overview')} />
            </FormField>
          </TabsContent>

          {sections.tutorInfo && (
            <TabsContent value="tutorInfo" forceMount hidden={activeTab !== 'tutorInfo'}>
              <TutorInformationFields idPrefix={`${id}-tutor`} />
            </TabsContent>
          )}
          {sections.products && (
            <TabsContent value="products" forceMount hidden={activeTab !== 'products'}>
              <EntryList name="products" idPrefix={`${id}-products`} noun="Product" categories={PRODUCT_CATEGORIES} />
            </TabsContent>
          )}
          {sections.services && (
            <TabsContent value="services" forceMount hidden={activeTab !== 'services'}>
              <EntryList name="services" idPrefix={`${id}-services`} noun="Service" categories={SERVICE_CATEGORIES} />
            </TabsContent>
          )}
          {sections.consultantInfo && (
            <TabsContent value="consultantInfo" forceMount hidden={activeTab !== 'consultantInfo'}>
              <ConsultantFields idPrefix={`${id}-consultant`} />
            </TabsContent>
          )}
        </Tabs>

        <WizardNav step={step} onBack={onBack} nextLabel={nextLabel} submitting={submitting} />
      </form>
    </FormProvider>
  );
}

function TutorInformationFields({ idPrefix }: { idPrefix: string }) {
  const form = useFormContext<TProductsServicesFormValues>();
  const errors = form.formState.errors.tutorInfo;
  const subjectsError = errors?.subjects?.message ?? errors?.subjects?.root?.message;
  return (
    <div className="space-y-5">
      <fieldset aria-describedby={subjectsError ? `${idPrefix}-subjects-error` : undefined}>
        <legend className="text-sm font-medium text-slate-800">Subjects</legend>
        <p className="mt-1 text-sm text-slate-600">The subjects you teach (CAPS)</p>
        <div className="mt-3 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {TUTOR_SUBJECTS.map((subject) => (
            <label
              key={subject.id}
              className="flex items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm text-slate-800"
            >
              <input
                type="checkbox"
                value={subject.id}
                className="size-4 accent-brand-700"
                {...form.register('tutorInfo.subjects')}
              />
              {subject.label}
            </label>
          ))}
        </div>
        {subjectsError && (
          <p id={`${idPrefix}-subjects-error`} className="mt-2 text-sm text-red-700">
            {subjectsError}
          </p>
        )}
      </fieldset>
      <FormField id={`${idPrefix}-qualifications`} label="Qualifications" error={errors?.qualifications?.message}>
        <Textarea rows={3} {...form.register('tutorInfo.qualifications')} />
      </FormField>
      <FormField id={`${idPrefix}-experience`} label="Experience" error={errors?.experience?.message}>
        <Textarea rows={3} {...form.register('tutorInfo.experience')} />
      </FormField>
      <FormField
        id={`${idPrefix}-teachingMethods`}
        label="Teaching methods"
        optional
        hint="Online, in person, groups or one-on-one"
        error={errors?.teachingMethods?.message}
      >
        <Textarea rows={3} {...form.register('tutorInfo.teachingMethods')} />
      </FormField>
    </div>
  );
}

function ConsultantFields({ idPrefix }: { idPrefix: string }) {
  const form = useFormContext<TProductsServicesFormValues>();
  const errors = form.formState.errors.consultantInfo;
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <FormField id={`${idPrefix}-specialization`} label="Specialization" error={errors?.specialization?.message}>
        <Input {...form.register('consultantInfo.specialization')} />
      </FormField>
      <FormField
        id={`${idPrefix}-rates`}
        label="Rates"
        optional
        hint="e.g. R850 per hour"
        error={errors?.rates?.message}
      >
        <Input {...form.register('consultantInfo.rates')} />
      </FormField>
      <FormField
        id={`${idPrefix}-experience`}
        label="Experience"
        error={errors?.experience?.message}
        className="sm:col-span-2"
      >
        <Textarea rows={3} {...form.register('consultantInfo.experience')} />
      </FormField>
      <FormField
        id={`${idPrefix}-qualifications`}
        label="Qualifications"
        optional
        error={errors?.qualifications?.message}
        className="sm:col-span-2"
      >
        <Textarea rows={3} {...form.register('consultantInfo.qualifications')} />
      </FormField>
      <FormField
        id={`${idPrefix}-servicesOffered`}
        label="Services offered"
        error={errors?.servicesOffered?.message}
        className="sm:col-span-2"
      >
        <Textarea rows={3} {...form.register('consultantInfo.servicesOffered')} />
      </FormField>
    </div>
  );
}

function EntryList({
  name,
  idPrefix,
  noun,
  categories,
}: {
  name: 'products' | 'services';
  idPrefix: string;
  noun: 'Product' | 'Service';
  categories: readonly IOption[];
}) {
  const form = useFormContext<TProductsServicesFormValues>();
  const { fields, append, remove } = useFieldArray({ control: form.control, name });
  const listErrors = form.formState.errors[name];
  const removable = canRemoveEntry(fields.length);
  return (
    <div className="space-y-4">
      {fields.map((field, index) => {
        const errors = listErrors?.[index];
        const fid = (key: string) => `${idPrefix}-${index}-${key}`;
        return (
          <fieldset key={field.id} className="rounded-xl border border-slate-200 p-4 sm:p-5">
            <legend className="px-1 text-sm font-semibold text-slate-900">
              {noun} {index + 1}
            </legend>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField id={fid('name')} label={`${noun} name`} error={errors?.name?.message}>
                <Input {...form.register(`${name}.${index}.name`)} />
              </FormField>
              <FormField id={fid('category')} label="Category" error={errors?.category?.message}>
                <NativeSelect {...form.register(`${name}.${index}.category`)}>
                  <option value="">Choose a category</option>
                  {categories.map((option) => (
                    <option key={option.id} value={option.id}>
                      {option.label}
                    </option>
                  ))}
                </NativeSelect>
              </FormField>
              <FormField
                id={fid('description')}
                label="Description"
                error={errors?.description?.message}
                className="sm:col-span-2"
              >
                <Textarea rows={3} {...form.register(`${name}.${index}.description`)} />
              </FormField>
              <FormField id={fid('priceRange')} label="Price range" error={errors?.priceRange?.message}>
                <NativeSelect {...form.register(`${name}.${index}.priceRange`)}>
                  <option value="">Choose a price range</option>
                  {PRICE_RANGES.map((option) => (
                    <option key={option.id} value={option.id}>
                      {option.label}
                    </option>
                  ))}
                </NativeSelect>
              </FormField>
            </div>
            {removable && (
              <div className="mt-4 flex justify-end">
                <Button variant="ghost" size="sm" onClick={() => remove(index)}>
                  <Trash2 aria-hidden="true" />
                  Remove {noun.toLowerCase()} {index + 1}
                </Button>
              </div>
            )}
          </fieldset>
        );
      })}
      {listErrors?.root?.message && <p className="text-sm text-red-700">{listErrors.root.message}</p>}
      <Button variant="secondary" onClick={() => append(blankEntry())}>
        <Plus aria-hidden="true" />
        Add {noun}
      </Button>
    </div>
  );
}
