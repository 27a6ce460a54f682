import { useId, useRef, useState } from 'react';
import { FileDown } from 'lucide-react';
import { UPLOAD_REQUIRED_DOCUMENTS_LABEL } from '@sekolo/shared/constants/registration';
import { UPLOAD_MESSAGES, type TUploadedFile } from '@sekolo/shared/schemas/uploads';
import {
  GUARDIAN_CONSENT_FORM_PATH,
  YOUNG_ENTREPRENEUR_DOCUMENTS,
  YOUNG_ENTREPRENEUR_MESSAGES,
  ZDocumentUploadStep,
  hasAllRequiredDocuments,
  type TDocumentUploadStep,
  type TYoungEntrepreneurDocumentId,
} from '@sekolo/shared/schemas/registration/young-entrepreneur';
import { FileUpload } from '~/components/upload/file-upload';
import { WizardNav } from '../../components/wizard-nav';
import { nextLabelFor } from '../../lib/next-label';
import type { IWizardStepProps } from '../../lib/wizard-types';

type TFiles = Partial<Record<TYoungEntrepreneurDocumentId, TUploadedFile | null>>;

/**
 * Young entrepreneur step 4, Document Upload (spec 2.9, 3, 5): the button reads 'Upload Required
 * Documents' until every required document is uploaded, then 'Continue'.
 */
export function DocumentUploadStep({
  step,
  data,
  onComplete,
  onBack,
  submitting,
  onDraftChange,
}: IWizardStepProps<TDocumentUploadStep>) {
  const id = useId();
  const [files, setFiles] = useState<TFiles>(() => ({ ...(data?.documentFiles ?? {}) }));
  // The newest files, for uploads that finish one after another (each widget's callback is its own).
  const latest = useRef(files);
  const [problem, setProblem] = useState<string | null>(null);
  const [attempted, setAttempted] = useState(false);
  // Files still on their way: the step waits for them (this step is no form the file field can hold).
  const [uploading, setUploading] = useState(0);
  const complete = hasAllRequiredDocuments(files);

  function next() {
    if (uploading > 0) {
      setProblem(UPLOAD_MESSAGES.stillUploading);
      return;
    }
    setAttempted(true);
    const result = ZDocumentUploadStep.safeParse({ documentFiles: files });
    if (!result.success) {
      setProblem(YOUNG_ENTREPRENEUR_MESSAGES.documentsRequired);
      return;
    }
    setProblem(null);
    void onComplete(result.data);
  }

  return (
    <div className="space-y-6">
      <p className="text-slate-600">
        Upload each document as a PDF, PNG, JPEG or WebP file of up to 10MB. The signed guardian consent form is the{' '}
        <a
          href={GUARDIAN_CONSENT_FORM_PATH}
          download="sekolo-guardian-consent-form.pdf"
          className="inline-flex items-center gap-1 font-medium text-brand-700 underline"
        >
          <FileDown className="size-4" aria-hidden="true" />
          form from step 3
        </a>
        , completed and signed by your parent or guardian.
      </p>
      <div className="grid gap-6 md:grid-cols-2">
        {YOUNG_ENTREPRENEUR_DOCUMENTS.map((doc) => (
          <FileUpload
            key={doc.id}
            id={`${id}-${doc.id}`}
            label={doc.name}
            required={doc.required}
            value={files[doc.id] ?? null}
            onChange={(file) => {
              const next = { ...latest.current, [doc.id]: file };
              latest.current = next;
              setFiles(next);
              setProblem(null);
              // Saved at once (an upload finished or a file was removed): a reload shows it again.
              onDraftChange?.({ documentFiles: next });
            }}
            error={attempted && doc.required && !files[doc.id] ? UPLOAD_MESSAGES.required : undefined}
            purpose="application-document"
            onBusyChange={(busy) => {
              setUploading((n) => n + (busy ? 1 : -1));
              if (!busy) setProblem((shown) => (shown === UPLOAD_MESSAGES.stillUploading ? null : shown));
            }}
          />
        ))}
      </div>
      {problem && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {problem}
        </p>
      )}
      <WizardNav
        step={step}
        onBack={onBack}
        nextLabel={complete ? nextLabelFor('young_entrepreneur', step) : UPLOAD_REQUIRED_DOCUMENTS_LABEL}
        onNext={next}
        submitting={submitting}
      />
    </div>
  );
}
