// `pnpm run db:order-json`: prints the list_json trigger function for a new migration (data-order-sql.ts).
import { orderListJsonFunction } from './data-order-sql';

console.log(orderListJsonFunction());
