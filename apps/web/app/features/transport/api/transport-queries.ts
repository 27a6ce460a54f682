import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { transportContracts as api } from '@sekolo/shared/contracts/transport';
import type {
  TRiderInput,
  TRiderMark,
  TRouteInput,
  TStopsInput,
  TTripPeriod,
  TVehicleInput,
} from '@sekolo/shared/schemas/transport';
import { call } from '~/lib/api-client';

/** School transport (D25): the office's routes, vehicles and riders; the driver's trips; a guardian's view. */
export const TRANSPORT_KEY = ['transport'] as const;

export const transportOverviewQuery = queryOptions({
  queryKey: [...TRANSPORT_KEY, 'overview'],
  queryFn: () => call(api.overview),
});

export const routeQuery = (routeId: string) =>
  queryOptions({
    queryKey: [...TRANSPORT_KEY, 'route', routeId],
    queryFn: () => call(api.route, { params: { routeId } }),
  });

export const learnerSearchQuery = (q: string) =>
  queryOptions({
    queryKey: [...TRANSPORT_KEY, 'learners', q],
    queryFn: () => call(api.searchLearners, { query: { q } }).then((a) => a.learners),
    enabled: q.trim().length >= 2,
  });

export const tripsQuery = queryOptions({
  queryKey: [...TRANSPORT_KEY, 'trips'],
  queryFn: () => call(api.trips, { query: {} }),
});

export const tripQuery = (routeId: string, period: TTripPeriod) =>
  queryOptions({
    queryKey: [...TRANSPORT_KEY, 'trip', routeId, period],
    queryFn: () => call(api.trip, { params: { routeId, period } }),
  });

export const childrenTransportQuery = queryOptions({
  queryKey: [...TRANSPORT_KEY, 'my-children'],
  queryFn: () => call(api.myChildren).then((a) => a.children),
});

function useInvalidating<TArgs, TResult>(fn: (args: TArgs) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => client.invalidateQueries({ queryKey: TRANSPORT_KEY }),
  });
}

export const useSaveVehicle = () =>
  useInvalidating(({ vehicleId, body }: { vehicleId: string | null; body: TVehicleInput }) =>
    vehicleId ? call(api.updateVehicle, { params: { vehicleId }, body }) : call(api.createVehicle, { body }),
  );
export const useSaveRoute = () =>
  useInvalidating(({ routeId, body }: { routeId: string | null; body: TRouteInput }) =>
    routeId ? call(api.updateRoute, { params: { routeId }, body }) : call(api.createRoute, { body }),
  );
export const useSaveStops = () =>
  useInvalidating(({ routeId, body }: { routeId: string; body: TStopsInput }) =>
    call(api.saveStops, { params: { routeId }, body }),
  );
export const useAddRider = () =>
  useInvalidating(({ routeId, body }: { routeId: string; body: TRiderInput }) =>
    call(api.addRider, { params: { routeId }, body }),
  );
export const useUpdateRider = () =>
  useInvalidating(
    ({ routeId, learnerId, body }: { routeId: string; learnerId: string; body: Omit<TRiderInput, 'learnerId'> }) =>
      call(api.updateRider, { params: { routeId, learnerId }, body }),
  );
export const useRemoveRider = () =>
  useInvalidating(({ routeId, learnerId }: { routeId: string; learnerId: string }) =>
    call(api.removeRider, { params: { routeId, learnerId } }),
  );

/** The register's writes answer the whole trip: the page shows it at once, without a refetch. */
function useTripWrite<TArgs extends { routeId: string; period: TTripPeriod }>(
  fn: (args: TArgs) => ReturnType<typeof call<typeof api.trip>>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (detail, args) => client.setQueryData(tripQuery(args.routeId, args.period).queryKey, detail),
    onSettled: () => client.invalidateQueries({ queryKey: TRANSPORT_KEY }),
  });
}

export const useStartTrip = () =>
  useTripWrite(({ routeId, period }: { routeId: string; period: TTripPeriod }) =>
    call(api.startTrip, { params: { routeId, period } }),
  );
export const useCompleteTrip = () =>
  useTripWrite(({ routeId, period }: { routeId: string; period: TTripPeriod }) =>
    call(api.completeTrip, { params: { routeId, period } }),
  );
export const useMarkRider = () =>
  useTripWrite(
    ({
      routeId,
      period,
      learnerId,
      status,
    }: {
      routeId: string;
      period: TTripPeriod;
      learnerId: string;
      status: TRiderMark;
    }) => call(api.mark, { params: { routeId, period, learnerId }, body: { status } }),
  );
