import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { PanelLoading } from './panel';

describe('a loader (axe aria-prohibited-attr)', () => {
  it('is a status with its name, not a bare span with a label', () => {
    renderWithProviders(<PanelLoading />);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  });
});
