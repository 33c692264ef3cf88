import type { OrderRow } from '../db/repositories/orders';
import { dollars } from './money';

/** The data of booking.completed, booking.held and booking.released (spec section 6). */
export function presentBookingEvent(order: OrderRow) {
  return {
    service: 'dumpster' as const,
    order_number: order.orderNumber,
    status: order.status,
    payment_status: order.paymentStatus,
    delivery_date: order.deliveryDate,
    pickup_date: order.pickupDate,
    total_price: dollars(order.totalCents),
    booking_channel: order.bookingChannel,
    order_id: order.id,
    customer_ref: order.customerId,
    created_at: order.createdAt.toISOString(),
    material: order.material,
    material_label: order.materialLabel,
    attribution: order.attribution ?? null,
  };
}
