import { ActionIcon, Box, Code, CopyButton, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

/** A scrollable block of code with a copy button in its corner. */
export function CodeBlock({ code, label }: { code: string; label: string }) {
  return (
    <Box pos="relative">
      <Code block fz="xs" pr={44} style={{ overflowX: 'auto', whiteSpace: 'pre' }} data-testid="code-block">
        {code}
      </Code>
      <CopyButton value={code}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? 'Copied' : `Copy ${label}`}>
            <ActionIcon
              variant="default"
              size="md"
              pos="absolute"
              top={6}
              right={6}
              onClick={copy}
              aria-label={`Copy ${label}`}
            >
              {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Box>
  );
}
