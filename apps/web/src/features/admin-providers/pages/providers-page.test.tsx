import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../testing/fake-server';
import { renderWithRouter } from '../../../testing/render';
import { ProvidersPage } from './providers-page';

const upstream = {
  _id: 'p-1',
  kind: 'labelport' as const,
  name: 'Upstream A',
  mode: 'live' as const,
  enabled: true,
  credentialHint: 'wXyZ',
  baseUrl: 'https://a.example',
  maxConcurrent: 10,
  labelTypes: [{ _id: 't-1', name: 'USPS Priority Mail' }],
  health: {
    circuit: 'open' as const,
    calls: 40,
    successRate: 0.75,
    p95Ms: 1840,
    lastError: { message: 'no answer within 30000 ms', at: '2026-11-26T12:00:00.000Z' },
  },
  createdAt: '2026-11-26T10:00:00.000Z',
};

describe('Providers console page', { timeout: 30_000 }, () => {
  it("shows each provider's key hint, mode, health, circuit and last error", async () => {
    stubApi({ 'GET /admin/providers': { body: { providers: [upstream] } } });
    renderWithRouter(<ProvidersPage />, '/admin/providers');
    const row = await screen.findByRole('row', { name: /Upstream A/ });
    expect(within(row).getByText('…wXyZ')).toBeInTheDocument();
    expect(within(row).getByText('Live')).toBeInTheDocument();
    expect(within(row).getByText('75% ok')).toBeInTheDocument();
    expect(within(row).getByText('40 calls · p95 1,840 ms')).toBeInTheDocument();
    expect(within(row).getByText('Circuit open')).toBeInTheDocument();
    expect(within(row).getByText('no answer within 30000 ms')).toBeInTheDocument();
  });

  it('says so when there are no providers yet', async () => {
    stubApi({ 'GET /admin/providers': { body: { providers: [] } } });
    renderWithRouter(<ProvidersPage />, '/admin/providers');
    expect(await screen.findByText('No providers yet')).toBeInTheDocument();
  });

  it("shows a failed connection test's answer as the provider gave it", async () => {
    const user = userEvent.setup({ delay: null });
    stubApi({
      'GET /admin/providers': { body: { providers: [upstream] } },
      'POST /admin/providers/p-1/test': {
        body: { ok: false, message: 'https://a.example refused the API key (401)' },
      },
    });
    renderWithRouter(<ProvidersPage />, '/admin/providers');
    await user.click(await screen.findByRole('button', { name: 'Test connection to Upstream A' }));
    const answer = await screen.findByRole('status', { name: /connection failed/ });
    expect(answer).toHaveTextContent('https://a.example refused the API key (401)');
  });

  it('sends the new provider as the contract names it and puts a taken name on its field', async () => {
    const user = userEvent.setup({ delay: null });
    const server = stubApi({
      'GET /admin/providers': { body: { providers: [] } },
      'POST /admin/providers': {
        status: 409,
        body: {
          message: 'A provider named Upstream A already exists',
          errors: [{ field: 'name', message: 'A provider named Upstream A already exists' }],
        },
      },
    });
    renderWithRouter(<ProvidersPage />, '/admin/providers');
    await user.click(await screen.findByRole('button', { name: 'Add provider' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^Name/), 'Upstream A');
    await user.type(within(dialog).getByLabelText(/^API key/), 'lp_secret_key_1234');
    await user.type(within(dialog).getByLabelText(/^Base URL/), 'https://a.example/');
    await user.click(within(dialog).getByRole('button', { name: 'Add provider' }));
    await waitFor(() => expect(server.calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(server.calls.find((c) => c.method === 'POST')?.body).toEqual({
      kind: 'labelport',
      name: 'Upstream A',
      credentials: { apiKey: 'lp_secret_key_1234', baseUrl: 'https://a.example' },
      enabled: true,
      maxConcurrent: 10,
    });
    expect(await within(dialog).findByText('A provider named Upstream A already exists')).toBeInTheDocument();
  });

  it("puts the server's refusal of a base URL on the Base URL field", async () => {
    const user = userEvent.setup({ delay: null });
    const refusal = 'Base URL must not point to a link-local address (such as cloud metadata)';
    stubApi({
      'GET /admin/providers': { body: { providers: [] } },
      'POST /admin/providers': {
        status: 400,
        body: { message: refusal, errors: [{ field: 'credentials.baseUrl', message: refusal }] },
      },
    });
    renderWithRouter(<ProvidersPage />, '/admin/providers');
    await user.click(await screen.findByRole('button', { name: 'Add provider' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^Name/), 'Metadata');
    await user.type(within(dialog).getByLabelText(/^API key/), 'lp_secret_key_1234');
    await user.type(within(dialog).getByLabelText(/^Base URL/), 'http://169.254.169.254');
    await user.click(within(dialog).getByRole('button', { name: 'Add provider' }));
    expect(await within(dialog).findByText(refusal)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Base URL/)).toHaveAccessibleDescription(
      expect.stringContaining(refusal),
    );
  });
});
