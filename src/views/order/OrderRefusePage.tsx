import { OrderList } from './OrderList';

/** /order/refuse: the orders a supplier refused, to reassign or refund. */
export default function OrderRefusePage() {
  return <OrderList path="/order/refuse" refused />;
}
