import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ColumnDeclaration } from '@/views/kit/listScreen';
import { yuan } from '@/views/common/money';
import { atMinute } from '@/views/common/when';

/** What every order-screen row (an order, a renewal, a refund) shows of its order and its parties. */
interface OrderRow {
  order_no: string;
  customer_name: string;
  customer_mobile: string;
  /** None until an order is assigned. */
  supplier_name: string | null;
  project_name: string;
  city: string;
  amount_fen: number;
  created_at: string;
}

/** The columns the order, renewal and refund lists share; `orderId` names the order a row's number opens. */
export function useSharedOrderColumns<R extends OrderRow>(orderId: (row: R) => number) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const orderNo: ColumnDeclaration<R> = {
    key: 'order_no',
    header: t('order.column.orderNo'),
    width: 150,
    render: (r) => {
      const href = `/order/detail?id=${orderId(r)}`;
      return (
        <a
          href={href}
          onClick={(e) => {
            e.preventDefault();
            navigate(href);
          }}
        >
          {r.order_no}
        </a>
      );
    },
  };
  const amount = (header = t('order.column.amount')): ColumnDeclaration<R> => ({
    key: 'amount',
    header,
    width: 100,
    sort: 'amount',
    render: (r) => yuan(r.amount_fen),
  });
  const parties: ColumnDeclaration<R>[] = [
    { key: 'project', header: t('order.column.project'), width: 150, render: (r) => r.project_name },
    {
      key: 'customer',
      header: t('order.column.customer'),
      width: 160,
      render: (r) => `${r.customer_name} · ${r.customer_mobile}`,
    },
  ];
  const supplier: ColumnDeclaration<R> = {
    key: 'supplier',
    header: t('order.column.supplier'),
    width: 140,
    render: (r) => r.supplier_name || '—',
  };
  const city: ColumnDeclaration<R> = {
    key: 'city',
    header: t('order.column.city'),
    width: 80,
    render: (r) => r.city,
  };
  const createdAt = (header: string): ColumnDeclaration<R> => ({
    key: 'created_at',
    header,
    width: 150,
    sort: 'created_at',
    render: (r) => atMinute(r.created_at, i18n.language),
  });
  return { orderNo, amount, parties, supplier, city, createdAt };
}
