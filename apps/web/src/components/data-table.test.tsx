import { Text } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApi } from '../testing/render';
import { DataTable } from './data-table';

const columns = [{ key: 'name', header: 'Name', cell: (row: { _id: string }) => row._id }];

describe('DataTable: an empty list', () => {
  it('sets a heading with what to do next apart and centred, not inside a line of text', () => {
    renderWithApi(
      <DataTable
        label="Payment providers"
        columns={columns}
        rows={[]}
        isLoading={false}
        empty={
          <>
            <Text fw={600}>No payment providers yet</Text>
            <Text size="sm">Add Stripe to take cards that credit at once.</Text>
          </>
        }
      />,
      '/',
      {},
    );
    const heading = screen.getByText('No payment providers yet');
    // A paragraph cannot hold another: the browser would break it apart and lose the centring.
    expect(heading.parentElement?.closest('p')).toBeNull();
    expect(heading.parentElement).toHaveStyle({ textAlign: 'center' });
  });

  it('says a sentence as one dimmed line', () => {
    renderWithApi(
      <DataTable label="Resellers" columns={columns} rows={[]} isLoading={false} empty="No resellers yet." />,
      '/',
      {},
    );
    expect(screen.getByText('No resellers yet.').tagName).toBe('P');
  });
});
