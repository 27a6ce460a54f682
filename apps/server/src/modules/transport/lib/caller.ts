/**
 * Who acts, for the use cases: the school they act for, their user id and permissions (what a
 * route's school policy resolved, TSchoolContext, or the demo seed's school admin).
 */
export type TTransportCaller = {
  organizationId: string;
  schoolName: string;
  ip: string;
  user: { id: string; permissions: readonly string[] };
};
