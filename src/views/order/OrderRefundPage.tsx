import { RefundList } from './RefundList';

/** /order/refund: refunds of service orders. */
export default function OrderRefundPage() {
  return <RefundList path="/order/refund" kind="order" />;
}
