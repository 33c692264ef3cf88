import './route.css';
import type { Metadata } from 'next';
import { DriverRoute } from './driver-route';

export const metadata: Metadata = { title: "Today's route" };

/** The driver's phone page (issue 54): a day's stops in the office's order, usable without signal. */
export default function RoutePage() {
  return <DriverRoute />;
}
