import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { json, mockServer, sessionHandlers, userWithRole } from '@/test/server';
import { PinLoginForm } from './pin-login-form';

function renderForm(handlers: Parameters<typeof mockServer>[0] = {}) {
  const fetchMock = mockServer({ ...sessionHandlers(null), ...handlers });
  const onSuccess = vi.fn();
  renderWithProviders(<PinLoginForm onSuccess={onSuccess} />);
  return { onSuccess, fetchMock, user: userEvent.setup() };
}

const filledBoxes = () => screen.getAllByTestId('pin-box').filter((box) => box.dataset.filled === 'true').length;
const pinInput = () => screen.getByLabelText('PIN') as HTMLInputElement;
const loginButton = () => screen.getByRole('button', { name: 'Login' });
const press = async (user: ReturnType<typeof userEvent.setup>, ...keys: string[]) => {
  for (const key of keys) await user.click(screen.getByRole('button', { name: key }));
};

describe('PIN login (spec §2, §5, §8)', () => {
  it('keeps only digits, at most four, whatever is typed on a physical keyboard', async () => {
    const { user } = renderForm();
    await user.type(pinInput(), 'a1-2 b3x45');
    expect(pinInput().value).toBe('1234');
    expect(filledBoxes()).toBe(4);
  });

  it('focuses the hidden PIN input when the screen opens', () => {
    renderForm();
    expect(document.activeElement).toBe(pinInput());
    expect(pinInput().type).toBe('password');
    expect(pinInput().maxLength).toBe(4);
  });

  it('enables Login only once four digits are entered', async () => {
    const { user } = renderForm();
    expect(loginButton()).toBeDisabled();
    await press(user, 'Digit 1', 'Digit 2', 'Digit 3');
    expect(loginButton()).toBeDisabled();
    await press(user, 'Digit 4');
    expect(loginButton()).toBeEnabled();
  });

  it('fills one box per keypad digit and ignores a fifth digit', async () => {
    const { user } = renderForm();
    await press(user, 'Digit 7', 'Digit 3');
    expect(filledBoxes()).toBe(2);
    await press(user, 'Digit 9', 'Digit 1', 'Digit 5');
    expect(pinInput().value).toBe('7391');
  });

  it('removes the last digit with Backspace and everything with Clear', async () => {
    const { user } = renderForm();
    await press(user, 'Digit 4', 'Digit 8', 'Digit 2');
    await press(user, 'Backspace');
    expect(pinInput().value).toBe('48');
    expect(filledBoxes()).toBe(2);
    await press(user, 'Clear');
    expect(pinInput().value).toBe('');
    expect(filledBoxes()).toBe(0);
  });

  it('keeps typing in the PIN input after a keypad button is used', async () => {
    const { user } = renderForm();
    await press(user, 'Digit 1');
    await user.keyboard('23');
    expect(pinInput().value).toBe('123');
  });

  it('answers Enter with fewer than four digits with "Invalid PIN" and does not call the server', async () => {
    const { user, fetchMock } = renderForm();
    await user.type(pinInput(), '12{Enter}');
    expect(await screen.findByText('Invalid PIN')).toBeInTheDocument();
    expect(screen.getByText('PIN must be exactly 4 digits')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalledWith('/auth/pin', expect.anything());
  });

  it('signs in with Enter, welcomes the person by name and hands over the user', async () => {
    const cashier = userWithRole('cashier');
    const { user, onSuccess, fetchMock } = renderForm({ 'POST /auth/pin': () => json(200, { user: cashier }) });
    await user.type(pinInput(), '2915{Enter}');
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith(cashier));
    expect(await screen.findByText('Login Successful')).toBeInTheDocument();
    expect(screen.getByText('Welcome back, Casey Cash!')).toBeInTheDocument();
    const pinCall = fetchMock.mock.calls.find(([url]) => url === '/auth/pin');
    expect(pinCall?.[1]?.body).toBe('{"pin":"2915"}');
  });

  it('shows the server message after a wrong PIN and clears the boxes', async () => {
    const { user, onSuccess } = renderForm({ 'POST /auth/pin': () => json(401, { message: 'Invalid PIN' }) });
    await press(user, 'Digit 1', 'Digit 1', 'Digit 1', 'Digit 1');
    await user.click(loginButton());
    expect(await screen.findByText('Login Failed')).toBeInTheDocument();
    expect(screen.getByText('Invalid PIN')).toBeInTheDocument();
    expect(pinInput().value).toBe('');
    expect(filledBoxes()).toBe(0);
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it("keeps a till's store refusal on the keypad (issue #32: a cashier of another store)", async () => {
    const message = "You can't sell at Main Café on this till";
    const { user, onSuccess } = renderForm({
      'POST /auth/pin': () => json(403, { code: 'auth.store_not_allowed', message }),
    });
    await user.type(pinInput(), '3862{Enter}');
    expect(await screen.findByText('Login Failed')).toBeInTheDocument();
    expect(screen.getByTestId('pin-login-refusal').textContent).toContain(message);
    expect(pinInput().value).toBe('');
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('passes on the throttling message after too many failed attempts', async () => {
    const message = 'Too many failed attempts. Try again in 30 seconds.';
    const { user } = renderForm({ 'POST /auth/pin': () => json(429, { message }, { 'Retry-After': '30' }) });
    await user.type(pinInput(), '1234{Enter}');
    expect(await screen.findByText('Login Failed')).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(pinInput().value).toBe('');
  });

  it('says the server cannot be reached when the request fails on the network', async () => {
    const { user } = renderForm({
      'POST /auth/pin': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await user.type(pinInput(), '1234{Enter}');
    expect(await screen.findByText('Connection Error')).toBeInTheDocument();
    expect(screen.getByText('Unable to connect to the server. Please try again.')).toBeInTheDocument();
  });

  it('keeps Login disabled while the sign-in request is in flight', async () => {
    let answer: (response: Response) => void = () => {};
    const { user } = renderForm({ 'POST /auth/pin': () => new Promise<Response>((resolve) => (answer = resolve)) });
    await user.type(pinInput(), '4826');
    await user.click(loginButton());
    expect(loginButton()).toBeDisabled();
    answer(json(401, { message: 'Invalid PIN' }));
    expect(await screen.findByText('Login Failed')).toBeInTheDocument();
  });
});
