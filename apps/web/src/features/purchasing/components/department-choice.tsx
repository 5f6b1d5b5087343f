import { Alert, Select } from '@mantine/core';
import { useState } from 'react';
import { useLookups } from '../api/purchasing';

/**
 * The department a form is for, under the server's scope rule (GET purchasing-lookups answers it:
 * a department manager works for the department they run, `ownDepartmentId`, and nothing else;
 * the others choose any, starting from their own when they run one). The requisition form and the
 * stores' New Issue form share it, so neither offers a department the server then refuses
 * (issue #30 item 20).
 */
export function useDepartmentChoice(initial: string | null = null) {
  const lookups = useLookups();
  const [picked, setPicked] = useState<string | null>(initial);
  const locked = lookups.data?.departmentLocked ?? false;
  const ownDepartmentId = lookups.data?.ownDepartmentId ?? null;
  const options = (lookups.data?.departments ?? [])
    .filter((d) => !locked || d.id === ownDepartmentId)
    .map((d) => ({ value: d.id, label: `${d.code} · ${d.name}` }));
  return {
    locked,
    options,
    departmentId: locked ? ownDepartmentId : (picked ?? ownDepartmentId),
    setDepartmentId: setPicked,
    /** A department manager nobody has assigned a department to yet: nothing can be raised. */
    noOwnDepartment: locked && lookups.isSuccess && ownDepartmentId === null,
  };
}

export type DepartmentChoice = ReturnType<typeof useDepartmentChoice>;

export function DepartmentSelect({
  choice,
  label,
  error,
}: {
  choice: DepartmentChoice;
  label: string;
  error?: string | undefined;
}) {
  return (
    <Select
      label={label}
      required
      searchable={!choice.locked}
      readOnly={choice.locked}
      description={choice.locked ? 'Your own department' : undefined}
      data={choice.options}
      value={choice.departmentId}
      onChange={choice.setDepartmentId}
      error={error}
    />
  );
}

export function NoDepartmentAlert({ what }: { what: string }) {
  return (
    <Alert color="yellow" title="No department assigned">
      You run no department yet, so you cannot raise {what}. A manager assigns your department on Purchasing Settings.
    </Alert>
  );
}
