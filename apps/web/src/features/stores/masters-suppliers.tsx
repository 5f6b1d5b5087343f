import { SimpleGrid, Textarea, TextInput } from '@mantine/core';
import type { Supplier } from '@retail-hub/shared';
import { storesPaths } from './api/stores';
import { ArchivedBadge, MasterFormModal, MasterTab, MasterTable, useDraft } from './master-tab';

/** The masters screen's Suppliers tab. */

const SUPPLIERS = storesPaths.master('suppliers');

function SupplierForm({ supplier, onClose }: { supplier: Supplier | null; onClose: () => void }) {
  const { draft, bind } = useDraft(() => ({
    name: supplier?.name ?? '',
    contactName: supplier?.contactName ?? '',
    phone: supplier?.phone ?? '',
    email: supplier?.email ?? '',
    address: supplier?.address ?? '',
    notes: supplier?.notes ?? '',
  }));
  return (
    <MasterFormModal
      kind="Supplier"
      title={supplier ? `Edit ${supplier.name}` : 'New Supplier'}
      size="lg"
      onClose={onClose}
      request={() => ({
        method: supplier ? 'PATCH' : 'POST',
        url: supplier ? `${SUPPLIERS}/${supplier.id}` : SUPPLIERS,
        body: Object.fromEntries(Object.entries(draft).map(([k, v]) => [k, k === 'name' ? v : v || null])),
        done: `${draft.name} saved.`,
      })}
    >
      {(errors) => (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Name" required {...bind('name')} error={errors.name} />
            <TextInput label="Contact name" {...bind('contactName')} error={errors.contactName} />
            <TextInput label="E-mail (purchase orders go here)" type="email" {...bind('email')} error={errors.email} />
            <TextInput label="Phone" {...bind('phone')} error={errors.phone} />
          </SimpleGrid>
          <Textarea label="Address" autosize minRows={2} {...bind('address')} error={errors.address} />
          <Textarea label="Notes" autosize minRows={2} {...bind('notes')} error={errors.notes} />
        </>
      )}
    </MasterFormModal>
  );
}

export function SuppliersTab({ canManage }: { canManage: boolean }) {
  return (
    <MasterTab<Supplier, Supplier | null>
      canManage={canManage}
      url={SUPPLIERS}
      noun="suppliers"
      newLabel="New supplier"
      searchLabel="Search suppliers"
      csvKind="suppliers"
      newTarget={null}
      renderForm={(supplier, onClose) => <SupplierForm supplier={supplier} onClose={onClose} />}
      renderList={(rows, edit) => (
        <MasterTable
          rows={rows}
          label="Suppliers"
          minWidth={720}
          rowTestId="supplier-row"
          canManage={canManage}
          url={SUPPLIERS}
          kind="Supplier"
          nameOf={(s) => s.name}
          onEdit={edit}
          columns={[
            {
              header: 'Name',
              cell: (s) => (
                <>
                  {s.name}
                  <ArchivedBadge archived={s.isArchived} />
                </>
              ),
            },
            { header: 'Contact', cell: (s) => s.contactName ?? '—' },
            { header: 'E-mail', cell: (s) => s.email ?? '—' },
            { header: 'Phone', cell: (s) => s.phone ?? '—' },
          ]}
        />
      )}
    />
  );
}
