import { screen } from '@testing-library/react';

/** The From or To card of an order form. */
export const card = (side: 'From' | 'To') => screen.getByRole('region', { name: side });
