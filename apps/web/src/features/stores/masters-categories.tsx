import { Badge, Button, Card, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { ProcCategory } from '@retail-hub/shared';
import { useState } from 'react';
import { storesPaths } from './api/stores';
import { ArchiveButton, ArchivedBadge, MasterFormModal, MasterTab } from './master-tab';

/** The masters screen's Categories tab: categories and their subcategories. */

const CATEGORIES = storesPaths.master('categories');

type CategoryTarget = {
  kind: 'category' | 'subcategory';
  id: string | null;
  categoryId?: string;
  name: string;
  description: string | null;
};

function CategoryForm({ target, onClose }: { target: CategoryTarget; onClose: () => void }) {
  const [name, setName] = useState(target.name);
  const [description, setDescription] = useState(target.description ?? '');
  const url =
    target.kind === 'category'
      ? target.id
        ? `${CATEGORIES}/${target.id}`
        : CATEGORIES
      : target.id
        ? storesPaths.subcategory(target.id)
        : storesPaths.subcategoriesOf(target.categoryId ?? '');
  const noun = target.kind === 'category' ? 'Category' : 'Subcategory';
  return (
    <MasterFormModal
      kind={noun}
      title={`${target.id ? 'Edit' : 'New'} ${noun}`}
      onClose={onClose}
      request={() => ({
        method: target.id ? 'PATCH' : 'POST',
        url,
        body: { name, description: description || null },
        done: `${name} saved.`,
      })}
    >
      {(errors) => (
        <>
          <TextInput
            label="Name"
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
          />
          <Textarea
            label="Description"
            autosize
            minRows={2}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            error={errors.description}
          />
        </>
      )}
    </MasterFormModal>
  );
}

export function CategoriesTab({ canManage }: { canManage: boolean }) {
  return (
    <MasterTab<ProcCategory, CategoryTarget>
      canManage={canManage}
      url={CATEGORIES}
      noun="categories"
      newLabel="New category"
      searchLabel="Search categories"
      csvKind="categories"
      newTarget={{ kind: 'category', id: null, name: '', description: null }}
      renderForm={(target, onClose) => <CategoryForm target={target} onClose={onClose} />}
      renderList={(rows, edit) => (
        <Stack gap="xs">
          {rows.map((c) => (
            <CategoryCard key={c.id} category={c} canManage={canManage} edit={edit} />
          ))}
        </Stack>
      )}
    />
  );
}

/** A category with its subcategories, and (for a manager) add, edit and archive. */
function CategoryCard({
  category: c,
  canManage,
  edit,
}: {
  category: ProcCategory;
  canManage: boolean;
  edit: (target: CategoryTarget) => void;
}) {
  return (
    <Card withBorder padding="sm" data-testid="category-row">
      <Group justify="space-between">
        <div>
          <Text fw={600}>
            {c.name}
            <ArchivedBadge archived={c.isArchived} />
          </Text>
          {c.description ? <Text size="sm">{c.description}</Text> : null}
        </div>
        {canManage ? (
          <Group gap="xs">
            <Button
              size="xs"
              variant="default"
              aria-label={`Add a subcategory to ${c.name}`}
              onClick={() => edit({ kind: 'subcategory', id: null, categoryId: c.id, name: '', description: null })}
            >
              Add subcategory
            </Button>
            <Button
              size="xs"
              variant="light"
              aria-label={`Edit ${c.name}`}
              onClick={() => edit({ kind: 'category', id: c.id, name: c.name, description: c.description })}
            >
              Edit
            </Button>
            <ArchiveButton url={`${CATEGORIES}/${c.id}`} archived={c.isArchived} name={c.name} kind="Category" />
          </Group>
        ) : null}
      </Group>
      {c.subcategories.length > 0 ? (
        <Group gap="xs" mt="xs">
          {c.subcategories.map((s) => (
            <Group key={s.id} gap={4}>
              <Badge variant="light" color={s.isArchived ? 'gray' : 'blue'}>
                {s.name}
              </Badge>
              {canManage ? (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  aria-label={`Edit ${s.name}`}
                  onClick={() => edit({ kind: 'subcategory', id: s.id, name: s.name, description: s.description })}
                >
                  Edit
                </Button>
              ) : null}
            </Group>
          ))}
        </Group>
      ) : null}
    </Card>
  );
}
