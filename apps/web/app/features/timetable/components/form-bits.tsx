/** Shared by the timetable's setup forms. */
export const FORM_CLASS = 'flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4';

export function Problem({ text }: { text: string | null }) {
  return text ? (
    <p role="alert" className="w-full text-sm text-red-800">
      {text}
    </p>
  ) : null;
}
