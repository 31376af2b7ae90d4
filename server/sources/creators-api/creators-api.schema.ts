/**
 * zod schemas of the Creators API wire format (issue 14 part 1; ../shared/reference/
 * amazon-creators-api.md "Answers", "Errors"; samples in ../shared/data/creators-api-samples/).
 * Every name is lowerCamelCase; fields we did not request may be `null` or absent, so every field
 * is `nullish`. Unknown fields are dropped. Money is in the currency's major unit (pounds) on the
 * wire; creators-api-item.ts turns it into pence.
 */
import { z } from 'zod';

const money = z.object({
  amount: z.number(),
  currency: z.string().nullish(),
  displayAmount: z.string().nullish(),
});

const image = z.object({ url: z.string(), height: z.number().nullish(), width: z.number().nullish() });

/** A browse node; `ancestor` nests upwards (the parent, its parent…). */
export interface WireBrowseNode {
  id?: string | null;
  displayName?: string | null;
  contextFreeName?: string | null;
  ancestor?: WireBrowseNode | null;
}
const browseNode: z.ZodType<WireBrowseNode> = z.lazy(() =>
  z.object({
    id: z.string().nullish(),
    displayName: z.string().nullish(),
    contextFreeName: z.string().nullish(),
    ancestor: browseNode.nullish(),
  }),
);

export const listingSchema = z.object({
  availability: z
    .object({
      type: z.string().nullish(),
      maxOrderQuantity: z.number().nullish(),
      minOrderQuantity: z.number().nullish(),
    })
    .nullish(),
  condition: z.object({ value: z.string().nullish() }).nullish(),
  dealDetails: z
    .object({
      accessType: z.string().nullish(),
      badge: z.string().nullish(),
      startTime: z.string().nullish(),
      endTime: z.string().nullish(),
      percentClaimed: z.number().nullish(),
    })
    .nullish(),
  isBuyBoxWinner: z.boolean().nullish(),
  merchantInfo: z.object({ name: z.string().nullish() }).nullish(),
  price: z
    .object({
      money: money.nullish(),
      pricePerUnit: money.nullish(),
      savingBasis: z
        .object({
          money: money.nullish(),
          savingBasisType: z.string().nullish(),
          savingBasisTypeLabel: z.string().nullish(),
        })
        .nullish(),
      savings: z.object({ money: money.nullish(), percentage: z.number().nullish() }).nullish(),
    })
    .nullish(),
  type: z.string().nullish(),
  violatesMAP: z.boolean().nullish(),
});
export type WireListing = z.infer<typeof listingSchema>;

export const itemSchema = z.object({
  asin: z.string(),
  detailPageURL: z.string().nullish(),
  parentASIN: z.string().nullish(),
  images: z
    .object({
      primary: z
        .object({
          small: image.nullish(),
          medium: image.nullish(),
          large: image.nullish(),
          hiRes: image.nullish(),
        })
        .nullish(),
    })
    .nullish(),
  itemInfo: z
    .object({
      title: z.object({ displayValue: z.string().nullish() }).nullish(),
      features: z.object({ displayValues: z.array(z.string()).nullish() }).nullish(),
      byLineInfo: z
        .object({
          brand: z.object({ displayValue: z.string().nullish() }).nullish(),
          manufacturer: z.object({ displayValue: z.string().nullish() }).nullish(),
        })
        .nullish(),
    })
    .nullish(),
  browseNodeInfo: z.object({ browseNodes: z.array(browseNode).nullish() }).nullish(),
  offersV2: z.object({ listings: z.array(listingSchema).nullish() }).nullish(),
  variationAttributes: z.array(z.object({ name: z.string(), value: z.string().nullish() })).nullish(),
});
export type WireItem = z.infer<typeof itemSchema>;

/** A partial error inside a 200 answer (`ItemNotAccessible`, `InvalidParameterValue`). */
export const partialErrorSchema = z.object({ code: z.string(), message: z.string().nullish() });
export type WirePartialError = z.infer<typeof partialErrorSchema>;

const itemsEnvelope = z.object({ items: z.array(itemSchema).nullish() }).nullish();

/**
 * getItems answer `{itemsResult:{items}, errors?}`. Amazon's own partial-error sample spells the
 * envelope `itemResults`: both spellings are accepted.
 */
export const getItemsResponseSchema = z.object({
  itemsResult: itemsEnvelope,
  itemResults: itemsEnvelope,
  errors: z.array(partialErrorSchema).nullish(),
});

export const searchItemsResponseSchema = z.object({
  searchResult: z
    .object({
      items: z.array(itemSchema).nullish(),
      totalResultCount: z.number().nullish(),
      searchURL: z.string().nullish(),
    })
    .nullish(),
  errors: z.array(partialErrorSchema).nullish(),
});

export const getVariationsResponseSchema = z.object({
  variationsResult: z
    .object({
      items: z.array(itemSchema).nullish(),
      variationSummary: z
        .object({
          pageCount: z.number().nullish(),
          variationCount: z.number().nullish(),
          price: z.object({ lowestPrice: money.nullish(), highestPrice: money.nullish() }).nullish(),
        })
        .nullish(),
    })
    .nullish(),
  errors: z.array(partialErrorSchema).nullish(),
});

export const getBrowseNodesResponseSchema = z.object({
  browseNodesResult: z
    .object({
      browseNodes: z
        .array(
          z.object({
            id: z.string(),
            displayName: z.string().nullish(),
            contextFreeName: z.string().nullish(),
            ancestor: browseNode.nullish(),
            children: z.array(z.object({ id: z.string(), displayName: z.string().nullish() })).nullish(),
          }),
        )
        .nullish(),
    })
    .nullish(),
  errors: z.array(partialErrorSchema).nullish(),
});

/** Error body `{type, message, reason?, fieldList?, retryAfterSeconds?}` of a 4xx/5xx answer. */
export const errorBodySchema = z.object({
  type: z.string().nullish(),
  message: z.string().nullish(),
  reason: z.string().nullish(),
  fieldList: z.array(z.string()).nullish(),
  retryAfterSeconds: z.number().nullish(),
});
export type WireErrorBody = z.infer<typeof errorBodySchema>;

/** OAuth token answer (LwA for 3.x, Cognito for 2.2). */
export const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().positive(),
  token_type: z.string().nullish(),
  scope: z.string().nullish(),
});
