import { screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { describe, expect, it } from 'vitest';
import { TOKEN_COOKIE } from '../../../lib/auth-token';
import { stubApi } from '../../../testing/fake-server';
import { sessionUserFixture } from '../../../testing/session-fixtures';
import { renderWithRouter } from '../../../testing/render';
import { SidebarNav } from './sidebar-nav';

const SPEC_ENTRIES = [
  ['Dashboard', '/'],
  ['Simple Order', '/createOrders'],
  ['Fast Order', '/quick-order'],
  ['CSV', '/csv-orders'],
  ['Overnight FedEx', '/fedex-order'],
  ['Amazon CSV Generator', '/amazon-csv'],
  ['Deposits', '/deposits'],
  ['Addresses', '/address'],
  ['Reseller API', '/api-docs'],
  ['Shipping day', '/shipping-day'],
];

const activeLabel = () =>
  within(screen.getByRole('navigation', { name: 'Main' }))
    .getAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map((link) => link.textContent);

describe('SidebarNav', () => {
  it("lists the spec's nine entries in its order with its paths, then Shipping day", () => {
    renderWithRouter(<SidebarNav compact={false} />);
    const links = within(screen.getByRole('navigation', { name: 'Main' })).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(SPEC_ENTRIES);
  });

  it.each([
    ['/', 'Dashboard'],
    ['/createorders', 'Simple Order'],
    ['/createOrders', 'Simple Order'],
    ['/csv-orders/42/details', 'CSV'],
    ['/deposits?page=2', 'Deposits'],
    ['/api-docs', 'Reseller API'],
  ])('highlights the entry of the first path segment of %s', (path, label) => {
    renderWithRouter(<SidebarNav compact={false} />, path);
    expect(activeLabel()).toEqual([label]);
  });

  it('highlights nothing on a path outside the menu', () => {
    renderWithRouter(<SidebarNav compact={false} />, '/settings');
    expect(activeLabel()).toEqual([]);
  });

  it('keeps accessible names in compact mode', () => {
    renderWithRouter(<SidebarNav compact />, '/address');
    expect(screen.getByRole('link', { name: 'Addresses' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByText('Addresses')).not.toBeInTheDocument();
  });

  describe('for a team member (issue 45)', () => {
    const signedInAs = (role: 'shipper' | 'viewer') => {
      Cookies.set(TOKEN_COOKIE, 'valid-token');
      stubApi({
        'GET /auth/access': {
          body: sessionUserFixture({
            team: { _id: 'acc', name: 'Olga Ships', role, requireTwoFactor: false },
          }),
        },
      });
    };

    it('leaves Deposits out of a shipper’s menu and the order forms out of a viewer’s', async () => {
      signedInAs('shipper');
      const shipper = renderWithRouter(<SidebarNav compact={false} />);
      await waitFor(() => expect(screen.queryByRole('link', { name: 'Deposits' })).not.toBeInTheDocument());
      expect(screen.getByRole('link', { name: 'Simple Order' })).toBeVisible();
      shipper.unmount();

      signedInAs('viewer');
      renderWithRouter(<SidebarNav compact={false} />);
      await waitFor(() =>
        expect(screen.queryByRole('link', { name: 'Simple Order' })).not.toBeInTheDocument(),
      );
      expect(screen.getByRole('link', { name: 'Deposits' })).toBeVisible();
      Cookies.remove(TOKEN_COOKIE);
    });
  });
});
