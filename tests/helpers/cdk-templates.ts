import { NestedStack, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';

type Json = Record<string, unknown>;
type TemplateJson = {
  Resources: Record<string, Json>;
  Parameters?: Json;
  Outputs?: Record<string, { Value: unknown }>;
};

/** A stack's nested stacks (direct children), by construct id. */
export function nestedStacksOf(stack: Stack): Map<string, NestedStack> {
  return new Map(
    stack.node.children.filter((child) => NestedStack.isNestedStack(child)).map((child) => [child.node.id, child]),
  );
}

/**
 * A stack's template with its nested stacks' resources folded in, as if they were one template: a
 * nested stack's `Ref` to one of its parameters becomes the value the parent passes, and a parent's
 * `Fn::GetAtt` of a nested stack's output becomes that output's value (each resolved in its own
 * template, so a reference between two nested stacks reads as a plain Ref/GetAtt too). Assertions
 * about a function, its route, grants and the resources they point at then hold wherever it is deployed.
 */
export function mergedTemplate(stack: Stack): Template {
  const parent = Template.fromStack(stack).toJSON() as TemplateJson;
  const nested = [...nestedStacksOf(stack).values()].map((child) => ({
    resourceId: stack.getLogicalId(child.nestedStackResource!),
    template: Template.fromStack(child).toJSON() as TemplateJson,
  }));
  const byResourceId = new Map(nested.map((entry) => [entry.resourceId, entry]));

  const inParent = (value: unknown): unknown =>
    rewrite(value, (node) => {
      const getAtt = node['Fn::GetAtt'];
      if (!Array.isArray(getAtt)) return undefined;
      const child = byResourceId.get(String(getAtt[0]));
      const output = String(getAtt[1]).replace(/^Outputs\./, '');
      return child ? inChild(child, child.template.Outputs?.[output]?.Value) : undefined;
    });
  const inChild = (child: (typeof nested)[number], value: unknown): unknown =>
    rewrite(value, (node) => {
      const parameters = parent.Resources[child.resourceId]?.Properties as { Parameters?: Json } | undefined;
      const name = node.Ref;
      return typeof name === 'string' && parameters?.Parameters && name in parameters.Parameters
        ? inParent(parameters.Parameters[name])
        : undefined;
    });

  const resources: Record<string, unknown> = {};
  for (const [id, resource] of Object.entries(parent.Resources)) resources[id] = inParent(resource);
  for (const child of nested) {
    for (const [id, resource] of Object.entries(child.template.Resources)) {
      if (id in resources) throw new Error(`Logical id ${id} is in the parent and a nested stack`);
      resources[id] = inChild(child, resource);
    }
  }
  return Template.fromJSON({ ...parent, Resources: resources }, { skipCyclicalDependenciesCheck: true });
}

/** A copy of a JSON value where `replace` may swap any object (undefined keeps it and goes inside). */
function rewrite(value: unknown, replace: (node: Json) => unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => rewrite(item, replace));
  if (!value || typeof value !== 'object') return value;
  const swapped = replace(value as Json);
  if (swapped !== undefined) return swapped;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, rewrite(inner, replace)]));
}
