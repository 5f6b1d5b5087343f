import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { renderWithProviders } from '@/test/render';
import { mockServer, sessionHandlers, userWithRole } from '@/test/server';
import { NoteDialog } from './note-dialog';

function renderDialog(onSubmit: (note: string) => Promise<unknown>, onClose = vi.fn()) {
  mockServer(sessionHandlers(userWithRole('manager')));
  renderWithProviders(
    <NoteDialog
      opened
      title="Void held sale"
      intro="Sale #12 will not be recorded. Nothing moves."
      noteMessage="Say why the sale is recorded or voided"
      confirmLabel="Void Sale"
      pending={false}
      onSubmit={onSubmit}
      onClose={onClose}
    />,
  );
  return onClose;
}

describe('the dialog a manager resolves held things with', () => {
  it('asks for the note before anything is sent', async () => {
    const onSubmit = vi.fn(async () => undefined);
    renderDialog(onSubmit);
    fireEvent.click(await screen.findByRole('button', { name: 'Void Sale' }));
    expect(await screen.findByText('Say why the sale is recorded or voided')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the trimmed note and closes once the server saved it', async () => {
    const onSubmit = vi.fn(async () => undefined);
    const onClose = renderDialog(onSubmit);
    fireEvent.change(await screen.findByRole('textbox', { name: /Note/ }), { target: { value: '  counted twice  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Void Sale' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledWith('counted twice');
  });

  it("keeps the dialog open and shows the server's field message when refused", async () => {
    const refusal = new ApiError(400, 'Bad Request', {
      message: 'Validation failed',
      errors: { note: 'The note is too short' },
    } as never);
    const onClose = renderDialog(async () => Promise.reject(refusal));
    fireEvent.change(await screen.findByRole('textbox', { name: /Note/ }), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Void Sale' }));
    expect(await screen.findByText('The note is too short')).toBeTruthy();
    expect(screen.getByText('Not Resolved')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
