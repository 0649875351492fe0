import { OrderList } from './OrderList';

/** /order/server: every service order, a tab per fulfilment state. */
export default function OrderServerPage() {
  return <OrderList path="/order/server" />;
}
