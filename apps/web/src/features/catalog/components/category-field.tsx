import { ActionIcon, Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { categoryCreateSchema, categoryLabel } from '@retail-hub/shared';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { serverMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useCreateCategory } from '../api/create-category';
import { useDeleteCategory } from '../api/delete-category';
import { CATEGORIES_REFETCH_MS, useCategories } from '../api/get-categories';

export type CategoryPanel = 'none' | 'create' | 'delete';

type CategoryFieldProps = {
  value: string;
  onChange: (categoryId: string) => void;
  error?: string;
  /** Which inline panel is open; the form shows it full width under the row (CategoryPanels). */
  panel: CategoryPanel;
  onPanelChange: (panel: CategoryPanel) => void;
};

/**
 * The product form's category select with inline creation and deletion (spec §2 Product form):
 * a created category is selected at once; a category with products cannot be deleted and the
 * server's message says why (spec §8).
 */
export function CategoryField({ value, onChange, error, panel, onPanelChange }: CategoryFieldProps) {
  const categories = useCategories({ refetchInterval: CATEGORIES_REFETCH_MS });
  const selected = categories.data?.find((category) => category.id === value);

  const data = (categories.data ?? []).map((category) => ({
    value: category.id,
    label: categoryLabel(category),
  }));

  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <Select
        label="Category"
        placeholder={categories.isLoading ? 'Loading categories…' : 'Select a category'}
        data={data}
        value={value || null}
        onChange={(next) => onChange(next ?? '')}
        error={error}
        searchable
        nothingFoundMessage="No categories"
        withAsterisk
        style={{ flex: 1 }}
      />
      <Group gap={6} mt={30} wrap="nowrap">
        <Tooltip label="Create category">
          <ActionIcon
            size={42}
            variant={panel === 'create' ? 'filled' : 'light'}
            aria-label="Create category"
            aria-expanded={panel === 'create'}
            onClick={() => onPanelChange(panel === 'create' ? 'none' : 'create')}
          >
            <IconPlus size={20} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Delete selected category">
          <ActionIcon
            size={42}
            variant={panel === 'delete' ? 'filled' : 'light'}
            color="red"
            aria-label="Delete category"
            aria-expanded={panel === 'delete'}
            disabled={!selected}
            onClick={() => onPanelChange(panel === 'delete' ? 'none' : 'delete')}
          >
            <IconTrash size={20} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}

type CategoryPanelsProps = {
  panel: CategoryPanel;
  /** The selected category id. */
  value: string;
  onChange: (categoryId: string) => void;
  onClose: () => void;
};

/** The open inline panel: a new category (selected once created) or deleting the selected one. */
export function CategoryPanels({ panel, value, onChange, onClose }: CategoryPanelsProps) {
  const categories = useCategories({ refetchInterval: CATEGORIES_REFETCH_MS });
  const selected = categories.data?.find((category) => category.id === value);
  if (panel === 'create') {
    return (
      <CreateCategoryPanel
        onCreated={(id) => {
          onChange(id);
          onClose();
        }}
        onCancel={onClose}
      />
    );
  }
  if (panel === 'delete' && selected) {
    return (
      <DeleteCategoryPanel
        category={{ id: selected.id, name: categoryLabel(selected) }}
        onDeleted={() => {
          onChange('');
          onClose();
        }}
        onCancel={onClose}
      />
    );
  }
  return null;
}

function CreateCategoryPanel({ onCreated, onCancel }: { onCreated: (id: string) => void; onCancel: () => void }) {
  const createCategory = useCreateCategory();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();

  const validate = (candidate: string) => {
    const result = categoryCreateSchema.safeParse({ name: candidate });
    const message = result.success ? undefined : result.error.issues.find((issue) => issue.path[0] === 'name')?.message;
    setNameError(message);
    return !message;
  };

  const create = () => {
    if (!validate(name)) return;
    createCategory.mutate(
      { name: name.trim(), ...(description.trim() ? { description: description.trim() } : {}) },
      {
        onSuccess: (category) => {
          notifySuccess({ replace: true, title: 'Success', message: 'Category created successfully!' });
          onCreated(category.id);
        },
        onError: (error) => {
          notifyError({ replace: true, title: 'Error', message: 'Failed to create category. Please try again.' });
          const message = serverMessage(error);
          if (message) setNameError(message);
        },
      },
    );
  };

  return (
    <Paper withBorder p="md" bg="gray.0" role="group" aria-label="New category">
      <Stack gap="sm">
        <Text fw={600}>New category</Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Category name"
            value={name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              validate(event.currentTarget.value);
            }}
            onKeyDown={(event) => {
              // Enter creates the category; it must not submit the product form around it.
              if (event.key === 'Enter') {
                event.preventDefault();
                create();
              }
            }}
            error={nameError}
            withAsterisk
            data-autofocus
          />
          <TextInput
            label="Description"
            placeholder="Optional"
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
          />
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={createCategory.isPending}>
            Cancel
          </Button>
          <Button onClick={create} loading={createCategory.isPending}>
            Create Category
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function DeleteCategoryPanel({
  category,
  onDeleted,
  onCancel,
}: {
  category: { id: string; name: string };
  onDeleted: () => void;
  onCancel: () => void;
}) {
  const deleteCategory = useDeleteCategory();
  const remove = () =>
    deleteCategory.mutate(category.id, {
      onSuccess: () => {
        notifySuccess({ replace: true, title: 'Success', message: 'Category deleted successfully!' });
        onDeleted();
      },
      onError: (error) =>
        notifyError({
          replace: true,
          title: 'Error',
          message: serverMessage(error) ?? 'Failed to delete category. It may have products assigned to it.',
        }),
    });

  return (
    <Paper withBorder p="md" bg="red.0" role="group" aria-label="Delete category">
      <Stack gap="sm">
        <Text>Delete the category "{category.name}"? Categories with products cannot be deleted.</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={deleteCategory.isPending}>
            Cancel
          </Button>
          <Button color="red" onClick={remove} loading={deleteCategory.isPending}>
            Delete Category
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
