import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { describe, expect, it } from 'vitest';
import { API_ORIGIN } from '../../../lib/api-base';
import { TOKEN_COOKIE } from '../../../lib/auth-token';
import { stubApi } from '../../../testing/fake-server';
import { renderWithRouter } from '../../../testing/render';
import { sessionUserFixture } from '../../../testing/session-fixtures';
import { ApiDocsPage } from './api-docs-page';

const KEY = 'lp_abcdef1234567890abcdef1234567890wxyz';
const user = (apiKey: string) => sessionUserFixture({ api_key: apiKey });

describe('ApiDocsPage', () => {
  it('shows the masked key, every endpoint and snippets filled in with the key and base URL', async () => {
    Cookies.set(TOKEN_COOKIE, 'valid-token');
    stubApi({ 'GET /auth/access': { body: user(KEY) } });
    renderWithRouter(<ApiDocsPage />);
    expect(screen.getByRole('heading', { name: 'RESELLER API DOCS' })).toBeInTheDocument();
    const key = await screen.findByTestId('api-key');
    expect(key).toHaveTextContent(/^lp_abc•+wxyz$/);
    await userEvent.click(screen.getByRole('button', { name: 'Show key' }));
    expect(key).toHaveTextContent(KEY);

    const endpoints = screen.getAllByTestId('api-endpoint');
    expect(endpoints).toHaveLength(11);
    // Issue 46: an insured order with its items, the packing slip and the return label.
    const returned = endpoints.find((e) => within(e).queryByText('/order/return/{order_id}'))!;
    expect(within(returned).getAllByTestId('code-block').at(-1)).toHaveTextContent(
      `curl -sS -X POST '${API_ORIGIN}/api/v2/order/return/{order_id}'`,
    );
    expect(endpoints.some((e) => within(e).queryByText('/order/packing-slip/{order_id}'))).toBe(true);
    const create = endpoints.find((e) => within(e).queryByText('/order/create-order'))!;
    const curl = within(create).getAllByTestId('code-block').at(-1)!;
    expect(curl).toHaveTextContent(`curl -sS -X POST '${API_ORIGIN}/api/v2/order/create-order'`);
    expect(curl).toHaveTextContent(`x-api-key: ${KEY}`);
    await userEvent.click(within(create).getByRole('tab', { name: 'Python' }));
    expect(within(create).getAllByTestId('code-block').at(-1)).toHaveTextContent('requests.post(');
    expect(screen.getByRole('link', { name: /Interactive reference/ })).toHaveAttribute(
      'href',
      `${API_ORIGIN}/api/v2/docs`,
    );
    expect(screen.getByRole('cell', { name: '402' })).toBeInTheDocument();
  });

  it('regenerates the key after a confirmation and fills the snippets with the new one', async () => {
    Cookies.set(TOKEN_COOKIE, 'valid-token');
    let current = KEY;
    const { calls } = stubApi({
      'GET /auth/access': () => ({ body: user(current) }),
      'POST /user/api-key': () => {
        current = 'lp_new0000000000000000000000000000000key';
        return {
          body: { message: 'A new API key has been created; the old one no longer works', api_key: current },
        };
      },
    });
    renderWithRouter(<ApiDocsPage />);
    await screen.findByTestId('api-key');
    await userEvent.click(screen.getByRole('button', { name: 'Regenerate key' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Regenerate' }));
    await waitFor(() => expect(screen.getByTestId('api-key')).toHaveTextContent(current));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(
      screen.getAllByTestId('code-block').some((b) => b.textContent?.includes(`x-api-key: ${current}`)),
    ).toBe(true);
  });
});
