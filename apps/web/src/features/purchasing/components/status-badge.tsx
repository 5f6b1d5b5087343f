import { Badge } from '@mantine/core';
import {
  PURCHASE_ORDER_STATUS_LABELS,
  type PurchaseOrderStatus,
  REQUISITION_STATUS_LABELS,
  type RequisitionStatus,
} from '@retail-hub/shared';

const REQUISITION_COLORS: Record<RequisitionStatus, string> = {
  draft: 'gray',
  submitted: 'blue',
  approved: 'teal',
  rejected: 'red',
  ordered: 'grape',
};

const ORDER_COLORS: Record<PurchaseOrderStatus, string> = {
  draft: 'gray',
  sent: 'blue',
  confirmed: 'cyan',
  delivered: 'green',
  cancelled: 'red',
};

export function RequisitionStatusBadge({ status }: { status: RequisitionStatus }) {
  return (
    <Badge variant="light" color={REQUISITION_COLORS[status]} data-testid="requisition-status">
      {REQUISITION_STATUS_LABELS[status]}
    </Badge>
  );
}

export function OrderStatusBadge({ status }: { status: PurchaseOrderStatus }) {
  return (
    <Badge variant="light" color={ORDER_COLORS[status]} data-testid="order-status">
      {PURCHASE_ORDER_STATUS_LABELS[status]}
    </Badge>
  );
}
