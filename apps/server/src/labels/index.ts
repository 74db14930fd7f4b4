/**
 * The label engine: tracking numbers, 4x6 label PDFs, providers and bulk files. An order job calls
 * `providerFor(uid).purchase(shipment, { idempotencyKey, trackingSerial })` and stores the PDF.
 */
export type { Address, Dimensions, Shipment, StaffLabelType } from './types.ts';
export {
  labelTypeSeedData,
  isRenderableLabelType,
  renderableServices,
  type LabelTypeData,
} from './label-type-seed.ts';
export {
  LABEL_SERVICES,
  carrierOfShipment,
  serviceOf,
  shipmentService,
  type CarrierService,
} from './label-services.ts';
export {
  generateTracking,
  TEST_CARRIER_ACCOUNTS,
  type CarrierAccounts,
  type GenerateTrackingInput,
  type LabelTracking,
} from './tracking/generate-tracking.ts';
export {
  fedexMod11CheckDigit,
  gs1Mod10CheckDigit,
  hasValidCheckDigit,
  upsCheckDigit,
} from './tracking/check-digits.ts';
// The drawing code (render-label.ts) and the PDF merge (files/merge-pdfs.ts) are imported from their own
// modules, not from here: the server loads them, with pdf-lib and the fonts, on first use (decision 216).
export type { RenderLabelOptions } from './render-label.ts';
export type { BarcodePlacement } from './templates/canvas.ts';
export {
  labelIdempotencyKey,
  type LabelProvider,
  type PurchasedLabel,
  type PurchaseOptions,
} from './providers/label-provider.ts';
export { createTestModeProvider } from './providers/test-mode-provider.ts';
export {
  inlineRenderer,
  type LabelRenderer,
  type RenderedLabel,
  type RendererWarmth,
  type RenderRequest,
} from './render-pool/label-renderer.ts';
export { createRenderPool, type RenderPoolOptions } from './render-pool/render-pool.ts';
export {
  createUpstreamProvider,
  UpstreamRejectedError,
  type UpstreamLabel,
  type UpstreamLabelApi,
  type UpstreamProviderOptions,
} from './providers/upstream-provider.ts';
export {
  createProviderRegistry,
  type ProviderConfig,
  type ProviderRegistry,
} from './providers/provider-registry.ts';
export type { MergeResult } from './files/merge-pdfs.ts';
export { writeLabelsInLayout } from './files/merge-in-layout.ts';
export { writePdfZip, type NamedPdf } from './files/zip-pdfs.ts';
export { createDownloadLimiter, DOWNLOADS_BUSY, type DownloadLimiter } from './files/download-limiter.ts';
