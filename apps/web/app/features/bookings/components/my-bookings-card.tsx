import { Link } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card';
import { paths } from '~/config/paths';
import { MyBookings } from './my-bookings';

/** "My bookings" on the parent's and the customer's dashboards. */
export function MyBookingsCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Link to={paths.dashboard.myBookings} className="hover:underline">
            My bookings
          </Link>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <MyBookings />
      </CardContent>
    </Card>
  );
}
