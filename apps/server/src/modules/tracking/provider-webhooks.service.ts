// The tracking module's face for staff's provider actions: the provider's tracking webhook at it,
// registered when staff add, change or remove the provider.
export {
  registerProviderWebhook,
  registerWebhookAt,
  removeWebhookAt,
  type WebhookChange,
} from './tracking-registration.ts';
