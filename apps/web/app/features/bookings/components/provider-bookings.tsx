import type { ReactNode } from 'react';
import type { TProviderBooking } from '@sekolo/shared/schemas/bookings';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/components/ui/tabs';
import { AvailabilityEditor } from './availability-editor';
import { ProviderBookingList } from './provider-booking-list';
import { ProviderCalendar } from './provider-calendar';
import { ServiceManager } from './service-manager';

/** The business dashboard's Bookings: calendar (day and week), the list, services and availability. */
export function ProviderBookings({
  bookingActions,
}: {
  bookingActions?: (booking: TProviderBooking) => ReactNode;
} = {}) {
  return (
    <div className="space-y-4">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">Bookings</h1>
        <p className="text-slate-700">
          Lessons, consultations and classes your customers booked and paid. Times are South African time.
        </p>
      </header>
      <Tabs defaultValue="calendar">
        <TabsList aria-label="Bookings sections">
          <TabsTrigger value="calendar">Calendar</TabsTrigger>
          <TabsTrigger value="list">List</TabsTrigger>
          <TabsTrigger value="services">Services</TabsTrigger>
          <TabsTrigger value="availability">Availability</TabsTrigger>
        </TabsList>
        <TabsContent value="calendar">
          <ProviderCalendar />
        </TabsContent>
        <TabsContent value="list">
          <ProviderBookingList bookingActions={bookingActions} />
        </TabsContent>
        <TabsContent value="services">
          <ServiceManager />
        </TabsContent>
        <TabsContent value="availability">
          <AvailabilityEditor />
        </TabsContent>
      </Tabs>
    </div>
  );
}
