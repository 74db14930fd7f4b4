import { Stack } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import type { GeneratedCsv } from '../api/amazon-csv';
import { AmazonCsvForm } from '../components/amazon-csv-form';
import { GeneratedCsvCard } from '../components/generated-csv-card';

/** `/amazon-csv`: Amazon packing slips in, a bulk CSV (amazon.csv) with sender and weight filled in out. */
export function AmazonCsvPage() {
  const [generated, setGenerated] = useState<{ result: GeneratedCsv; pdfName: string } | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  // The next step appears below the form: bring it into view (on a phone it is off-screen).
  useEffect(() => {
    if (generated) resultRef.current?.scrollIntoView({ behavior: 'smooth', block: 'nearest' });
  }, [generated]);
  return (
    <>
      <PageHeader
        title="Amazon CSV Generator"
        description="Turn an Amazon packing PDF into a ready-to-upload order CSV."
      />
      <Stack gap="lg">
        <AmazonCsvForm onGenerated={(result, pdfName) => setGenerated({ result, pdfName })} />
        <div ref={resultRef}>
          {generated && <GeneratedCsvCard result={generated.result} pdfName={generated.pdfName} />}
        </div>
      </Stack>
    </>
  );
}
