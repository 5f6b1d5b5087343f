import { Checkbox, Select, SimpleGrid, TextInput } from '@mantine/core';
import type { Location } from '@retail-hub/shared';
import { useLookups } from '@/features/purchasing';
import { storesPaths } from './api/stores';
import { ArchivedBadge, MasterFormModal, MasterTab, MasterTable, useDraft } from './master-tab';

/** The masters screen's Locations tab; the department choices an item's form uses too. */

const LOCATIONS = storesPaths.master('locations');

/** The procurement departments as choices (an item's and a location's department). */
export function useDepartmentOptions() {
  const lookups = useLookups();
  return (lookups.data?.departments ?? []).map((d) => ({ value: d.id, label: `${d.code} · ${d.name}` }));
}

function LocationForm({ location, onClose }: { location: Location | null; onClose: () => void }) {
  const departments = useDepartmentOptions();
  const { draft, set, bind } = useDraft(() => ({
    code: location?.code ?? '',
    name: location?.name ?? '',
    departmentId: location?.departmentId ?? null,
    building: location?.building ?? '',
    floor: location?.floor ?? '',
    room: location?.room ?? '',
    isSelling: location?.isSelling ?? false,
  }));
  return (
    <MasterFormModal
      kind="Location"
      title={location ? `Edit ${location.code}` : 'New Location'}
      size="lg"
      onClose={onClose}
      request={() => ({
        method: location ? 'PATCH' : 'POST',
        url: location ? `${LOCATIONS}/${location.id}` : LOCATIONS,
        body: {
          ...draft,
          building: draft.building || null,
          floor: draft.floor || null,
          room: draft.room || null,
        },
        done: `${draft.code} saved.`,
      })}
    >
      {(errors) => (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Code (e.g. Main-2-205)" required {...bind('code')} error={errors.code} />
            <TextInput label="Name" required {...bind('name')} error={errors.name} />
          </SimpleGrid>
          <SimpleGrid cols={3}>
            <TextInput label="Building" {...bind('building')} error={errors.building} />
            <TextInput label="Floor" {...bind('floor')} error={errors.floor} />
            <TextInput label="Room" {...bind('room')} error={errors.room} />
          </SimpleGrid>
          <Select
            label="Department"
            clearable
            searchable
            data={departments}
            value={draft.departmentId}
            onChange={(departmentId) => set({ departmentId })}
            error={errors.departmentId}
          />
          <Checkbox
            label="Selling location: receiving an item linked to a POS product here raises the product's stock"
            checked={draft.isSelling}
            onChange={(e) => set({ isSelling: e.currentTarget.checked })}
          />
        </>
      )}
    </MasterFormModal>
  );
}

export function LocationsTab({ canManage }: { canManage: boolean }) {
  return (
    <MasterTab<Location, Location | null>
      canManage={canManage}
      url={LOCATIONS}
      noun="locations"
      newLabel="New location"
      searchLabel="Search locations"
      csvKind="locations"
      newTarget={null}
      renderForm={(location, onClose) => <LocationForm location={location} onClose={onClose} />}
      renderList={(rows, edit) => (
        <MasterTable
          rows={rows}
          label="Locations"
          minWidth={720}
          rowTestId="location-row"
          canManage={canManage}
          url={LOCATIONS}
          kind="Location"
          nameOf={(l) => l.code}
          onEdit={edit}
          columns={[
            { header: 'Code', ff: 'monospace', cell: (l) => l.code },
            {
              header: 'Name',
              cell: (l) => (
                <>
                  {l.name}
                  <ArchivedBadge archived={l.isArchived} />
                </>
              ),
            },
            { header: 'Department', cell: (l) => l.departmentName ?? '—' },
            { header: 'Selling', cell: (l) => (l.isSelling ? 'Yes' : 'No') },
          ]}
        />
      )}
    />
  );
}
