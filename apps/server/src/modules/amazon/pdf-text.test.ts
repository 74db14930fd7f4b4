import { describe, expect, it } from 'vitest';
import { packingSlipPdf, sampleOrders } from '../../../test/fixtures/packing-slips.ts';
import { AMAZON_PDF_LIMITS, generateAmazonCsv } from './amazon.service.ts';
import { readShipToAddresses } from './pdf-text.ts';

const from = {
  fromName: 'Jordan Avery',
  fromStreet1: '1 Main St',
  fromStreet2: '',
  fromCity: 'Austin',
  fromState: 'TX',
  fromZip: '78704',
  weight: 2,
};

describe('readShipToAddresses', () => {
  it('stops a PDF that takes longer than the time limit', async () => {
    const pdf = await packingSlipPdf(sampleOrders);
    await expect(readShipToAddresses(pdf, { ...AMAZON_PDF_LIMITS, timeoutMs: 5 })).rejects.toThrow(
      /took too long/,
    );
  });

  it('refuses a PDF with more pages than the cap', async () => {
    const pdf = await packingSlipPdf(sampleOrders);
    await expect(generateAmazonCsv({ pdf, from }, { ...AMAZON_PDF_LIMITS, maxPages: 2 })).rejects.toThrow(
      'This PDF has 3 pages; the limit is 2. Split the packing slips into smaller files.',
    );
  });

  it('reads many PDFs at once without running more workers than allowed', async () => {
    const pdf = await packingSlipPdf(sampleOrders.slice(0, 1));
    const limits = { ...AMAZON_PDF_LIMITS, maxConcurrent: 1, maxQueued: 2 };
    const results = await Promise.allSettled([1, 2, 3, 4].map(() => readShipToAddresses(pdf, limits)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    const rejected = results.find((r) => r.status === 'rejected');
    expect(String(rejected?.reason)).toMatch(/reading many PDFs/);
  });
});
