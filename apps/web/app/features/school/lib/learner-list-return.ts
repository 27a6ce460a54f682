import { paths } from '~/config/paths';

/** The state a link from the learner list gives a learner's page: the list's address as it was. */
type TLearnerListReturn = { learnerList: string };

/** The link state for a learner opened from the list whose search params are `params`. */
export function learnerListReturn(params: URLSearchParams): TLearnerListReturn {
  return { learnerList: params.size ? `?${params.toString()}` : '' };
}

/**
 * The learner list to go back to from a learner's page: the list as the user left it (its search,
 * filters, sort and page, carried in the link's state), or the whole list when the page was opened
 * another way. Only a query string of the list is taken from the state.
 */
export function learnerListPath(state: unknown): string {
  const back = (state as Partial<TLearnerListReturn> | null)?.learnerList;
  return paths.school.learnersWith(typeof back === 'string' && /^\?[^#]*$/.test(back) ? back : '');
}
