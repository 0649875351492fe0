import { RefundList } from './RefundList';

/** /order/renewandrefund: refunds of renewals. */
export default function OrderRenewAndRefundPage() {
  return <RefundList path="/order/renewandrefund" kind="renewal" />;
}
