import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ID_PATTERN } from '../../../content/schemas/common';
import type { TemplateDef } from '../../../content/schemas/templates';
import { HttpError } from '../errors';
import type { HttpDeps } from '../deps';

const stack = z.object({ itemId: z.string(), itemName: z.string(), quantity: z.number().int() });
const templateResource = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  isDefault: z.boolean(),
  coins: z.number().int(),
  inventory: z.array(stack),
  equipment: z.array(stack.extend({ slot: z.string() })),
});

/** Starter templates under /api/template: public read-only data from templates.json. */
export async function templateRoutes(app: FastifyInstance, deps: HttpDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { templates, items } = deps.content;
  const name = (id: string) => items.get(id)?.name ?? id;
  const toResource = (t: TemplateDef) => ({
    id: t.id,
    name: t.name,
    description: t.description,
    isDefault: t.id === templates.defaultId,
    coins: t.coins,
    inventory: t.inventory.map((s) => ({ itemId: s.itemId, itemName: name(s.itemId), quantity: s.quantity })),
    equipment: t.equipment.map((e) => ({
      slot: e.slot,
      itemId: e.itemId,
      itemName: name(e.itemId),
      quantity: e.quantity,
    })),
  });

  r.get(
    '/api/template',
    {
      schema: {
        tags: ['template'],
        summary: 'Starter templates for new characters (public)',
        response: { 200: z.object({ templates: z.array(templateResource) }) },
      },
    },
    async () => ({ templates: [...templates.byId.values()].map(toResource) }),
  );

  r.get(
    '/api/template/:templateId',
    {
      schema: {
        tags: ['template'],
        summary: 'One starter template (public)',
        params: z.object({ templateId: z.string().regex(ID_PATTERN, 'invalid template id') }),
        response: { 200: z.object({ template: templateResource }) },
      },
    },
    async (request) => {
      const t = templates.byId.get(request.params.templateId);
      if (!t) throw new HttpError('not_found', `no template ${request.params.templateId}`);
      return { template: toResource(t) };
    },
  );
}
