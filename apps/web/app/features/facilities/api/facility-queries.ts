import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { facilityContracts as api } from '@sekolo/shared/contracts/facilities';
import type {
  TBlockedDateInput,
  TBookingRequest,
  TFacilityInput,
  TFacilityPhotoUpdate,
} from '@sekolo/shared/schemas/facilities';
import { call, callWithForm } from '~/lib/api-client';

/** Facility rentals (D22): availability, the booker's bookings, the school's facilities and bookings. */
export const FACILITIES_KEY = ['facilities'] as const;

export const availabilityQuery = (facilityId: string, from: string) =>
  queryOptions({
    queryKey: [...FACILITIES_KEY, 'availability', facilityId, from],
    queryFn: () => call(api.availability, { params: { facilityId }, query: { from, days: 7 } }),
  });

export const myBookingsQuery = queryOptions({
  queryKey: [...FACILITIES_KEY, 'mine'],
  queryFn: () => call(api.myBookings).then((a) => a.bookings),
});

export const schoolFacilitiesQuery = queryOptions({
  queryKey: [...FACILITIES_KEY, 'school'],
  queryFn: () => call(api.list),
});

export const schoolBookingsQuery = queryOptions({
  queryKey: [...FACILITIES_KEY, 'school-bookings'],
  queryFn: () => call(api.bookings, { query: {} }).then((a) => a.bookings),
});

function useInvalidating<TArgs, TResult>(fn: (args: TArgs) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => client.invalidateQueries({ queryKey: FACILITIES_KEY }),
  });
}

export const useBook = () => useInvalidating((body: TBookingRequest) => call(api.book, { body }));
export const usePay = () => useInvalidating((bookingId: string) => call(api.pay, { params: { bookingId } }));
export const useCancel = () => useInvalidating((bookingId: string) => call(api.cancel, { params: { bookingId } }));
export const useSaveFacility = () =>
  useInvalidating(({ facilityId, body }: { facilityId: string | null; body: TFacilityInput }) =>
    facilityId ? call(api.update, { params: { facilityId }, body }) : call(api.create, { body }),
  );
export const useBlockDate = () =>
  useInvalidating(({ facilityId, body }: { facilityId: string; body: TBlockedDateInput }) =>
    call(api.addBlockedDate, { params: { facilityId }, body }),
  );
export const useUnblockDate = () =>
  useInvalidating(({ facilityId, blockId }: { facilityId: string; blockId: string }) =>
    call(api.removeBlockedDate, { params: { facilityId, blockId } }),
  );
export const useApprove = () => useInvalidating((bookingId: string) => call(api.approve, { params: { bookingId } }));
export const useSchoolCancel = () =>
  useInvalidating(({ bookingId, reason }: { bookingId: string; reason: string }) =>
    call(api.schoolCancel, { params: { bookingId }, body: { reason } }),
  );
export const useDecline = () =>
  useInvalidating(({ bookingId, reason }: { bookingId: string; reason: string }) =>
    call(api.decline, { params: { bookingId }, body: { reason } }),
  );

/** A photo upload: multipart with the alt text and caption before the file (the server reads them first). */
export const useAddPhoto = () =>
  useInvalidating(
    ({ facilityId, file, alt, caption }: { facilityId: string; file: File; alt: string; caption: string }) => {
      const form = new FormData();
      form.append('alt', alt);
      form.append('caption', caption);
      form.append('file', file);
      return callWithForm(api.addPhoto, form, { params: { facilityId } });
    },
  );
export const useUpdatePhoto = () =>
  useInvalidating(
    ({ facilityId, photoId, body }: { facilityId: string; photoId: string; body: TFacilityPhotoUpdate }) =>
      call(api.updatePhoto, { params: { facilityId, photoId }, body }),
  );
export const useOrderPhotos = () =>
  useInvalidating(({ facilityId, photoIds }: { facilityId: string; photoIds: string[] }) =>
    call(api.orderPhotos, { params: { facilityId }, body: { photoIds } }),
  );
export const useRemovePhoto = () =>
  useInvalidating(({ facilityId, photoId }: { facilityId: string; photoId: string }) =>
    call(api.removePhoto, { params: { facilityId, photoId } }),
  );
