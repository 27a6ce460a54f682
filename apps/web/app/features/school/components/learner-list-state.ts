import type { z } from 'zod';
import { ZLearnerListQuerySchema, type TLearnerConsentFilter, type TLearnerSort } from '@sekolo/shared/schemas/school';
import { paths } from '~/config/paths';

/**
 * What the learner list shows: the search and filters, the sort, and the cursors of the pages seen
 * so far (the last one is the page shown; Previous drops it, so it needs no offset).
 */
export type TLearnerListView = {
  q: string;
  grade: string;
  /** A register class's id, or '' for every class. */
  classId: string;
  status: 'active' | 'archived';
  /** Guardian consent to the current policy: given, not given, or '' for either. */
  consent: TLearnerConsentFilter | '';
  sort: TLearnerSort;
  dir: 'asc' | 'desc';
  cursors: (string | undefined)[];
};

export const FIRST_LEARNER_LIST_VIEW: TLearnerListView = {
  q: '',
  grade: '',
  classId: '',
  status: 'active',
  consent: '',
  sort: 'name',
  dir: 'asc',
  cursors: [undefined],
};

/**
 * The view with `change` applied. A change of what is listed (search, filter, sort) starts again
 * at page 1 in the same update: a cursor belongs to its sort and filters, and the server answers 400
 * to page 2's cursor under another sort. Resetting it in an effect after the render sent that
 * request first. A change to nothing new returns the same view, so nothing re-renders or refetches.
 */
export function changeListing(
  view: TLearnerListView,
  change: Partial<Omit<TLearnerListView, 'cursors'>>,
): TLearnerListView {
  const next = { ...view, ...change };
  const same =
    next.q === view.q &&
    next.grade === view.grade &&
    next.classId === view.classId &&
    next.status === view.status &&
    next.consent === view.consent &&
    next.sort === view.sort &&
    next.dir === view.dir;
  return same ? view : { ...next, cursors: [undefined] };
}

/** A click on a column's header: the same column turns its direction, another sorts ascending. */
export function sortByColumn(view: TLearnerListView, column: TLearnerSort): TLearnerListView {
  return changeListing(
    view,
    column === view.sort ? { dir: view.dir === 'asc' ? 'desc' : 'asc' } : { sort: column, dir: 'asc' },
  );
}

/** A change of page: forward to the page after the one shown, its cursor the server's `nextCursor`. */
export function nextPage(view: TLearnerListView, cursor: string): TLearnerListView {
  return { ...view, cursors: [...view.cursors, cursor] };
}

/** Back to the page before the one shown; page 1 stays page 1. */
export function previousPage(view: TLearnerListView): TLearnerListView {
  return view.cursors.length > 1 ? { ...view, cursors: view.cursors.slice(0, -1) } : view;
}

/**
 * Page 1 of the same listing: where a cursor the server refuses (400, out of date or tampered
 * with in the address) leaves the user, rather than on an error.
 */
export function firstPage(view: TLearnerListView): TLearnerListView {
  return view.cursors.length > 1 ? { ...view, cursors: [undefined] } : view;
}

// ---------------------------------------------------------------------------------------------
// The view in the address (?q=smit&grade=10&class=…&consent=not_given&cursor=…), so that Back from a learner, a reload or a
// shared link shows the same search, filters, sort and page.

const FIELDS = ZLearnerListQuerySchema.shape;

/** What the server writes as a cursor (base64url); anything else is not one of its cursors. */
const CURSOR = /^[A-Za-z0-9_-]+$/;

/** A value of the address as the server's own schema reads it, or the default when it refuses it. */
function read<T>(field: z.ZodType<T>, value: string | null, fallback: T): T {
  const parsed = field.safeParse(value ?? undefined);
  return parsed.success ? parsed.data : fallback;
}

/**
 * The view an address's search params describe. Each value the server would refuse falls back to
 * its default, so an edited or stale link shows the list rather than an error. Any cursor not of
 * the server's form starts again at page 1: the pages before it could not be walked back to. A
 * cursor of the right form that the server still refuses is firstPage's, once it has answered.
 */
export function learnerListFromParams(params: URLSearchParams): TLearnerListView {
  const after = params.getAll('cursor');
  const cursorsOk = after.every((c) => CURSOR.test(c) && FIELDS.cursor.safeParse(c).success);
  return {
    q: read(FIELDS.q, params.get('q'), FIRST_LEARNER_LIST_VIEW.q),
    grade: read(FIELDS.grade, params.get('grade'), FIRST_LEARNER_LIST_VIEW.grade),
    classId: read(FIELDS.classId, params.get('class'), FIRST_LEARNER_LIST_VIEW.classId),
    status: read(FIELDS.status, params.get('status'), FIRST_LEARNER_LIST_VIEW.status),
    consent: read(FIELDS.consent, params.get('consent'), FIRST_LEARNER_LIST_VIEW.consent),
    sort: read(FIELDS.sort, params.get('sort'), FIRST_LEARNER_LIST_VIEW.sort),
    dir: read(FIELDS.dir, params.get('dir'), FIRST_LEARNER_LIST_VIEW.dir),
    cursors: cursorsOk ? [undefined, ...after] : [undefined],
  };
}

/**
 * The search params of a view: only what differs from the first view (the plain list's address
 * stays /dashboard/school/students), and every page's cursor after page 1, in order, so that
 * Previous still works after a reload.
 */
export function learnerListToParams(view: TLearnerListView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.q) params.set('q', view.q);
  if (view.grade) params.set('grade', view.grade);
  if (view.classId) params.set('class', view.classId);
  if (view.status !== FIRST_LEARNER_LIST_VIEW.status) params.set('status', view.status);
  if (view.consent) params.set('consent', view.consent);
  if (view.sort !== FIRST_LEARNER_LIST_VIEW.sort) params.set('sort', view.sort);
  if (view.dir !== FIRST_LEARNER_LIST_VIEW.dir) params.set('dir', view.dir);
  for (const cursor of view.cursors.slice(1)) if (cursor) params.append('cursor', cursor);
  return params;
}

/**
 * The list's address for `change` to its first view: where a figure of the overview leads
 * ("Without guardian consent" to the learners whose consent is not given).
 */
export function learnerListHref(change: Partial<Omit<TLearnerListView, 'cursors'>>): string {
  const search = learnerListToParams({ ...FIRST_LEARNER_LIST_VIEW, ...change }).toString();
  return paths.school.learnersWith(search ? `?${search}` : '');
}
