// Checks the manifests in deploy/k8s against schemas, offline:
//  - Kubernetes' own kinds against the API's OpenAPI schemas as the kubernetes-models package ships them,
//    and Strimzi's kinds (kafka.strimzi.io, core.strimzi.io) against the schemas that
//    @kubernetes-models/strimzi-kafka-operator generated from Strimzi's CRDs: types, enums, required
//    fields, bounds and patterns. Both ship precompiled validators that let unknown fields pass;
//  - custom resources whose CustomResourceDefinition is in --crds DIR against its openAPIV3Schema, made
//    strict: a field the CRD does not declare is an error, since the API server would drop it without a
//    word. A CRD given there wins over the package's schema. spark-operator's SparkApplication has no
//    package, so without its CRD it stays "unchecked".
// Kustomize's kustomization.yaml is no API object: only the files it lists are checked to exist.
//
//   node validate.mjs [--crds DIR] [MANIFEST_DIR]      (validate.sh installs the packages and runs this)
// Prints one line per problem, then "checked N, unchecked U, invalid I"; exit 0 when nothing is invalid,
// 1 when something is, 2 for bad usage.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Ajv from "ajv";
import YAML from "yaml";

const args = process.argv.slice(2);
let crdDir = null;
let manifestDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--crds" && i + 1 < args.length) crdDir = args[++i];
  else if (!args[i].startsWith("-")) manifestDir = args[i];
  else usage(`unknown option ${args[i]}`);
}

function usage(message) {
  console.error(`validate: ${message}; usage: validate.mjs [--crds DIR] [MANIFEST_DIR]`);
  process.exit(2);
}

function yamlDocuments(file) {
  return YAML.parseAllDocuments(fs.readFileSync(file, "utf8")).map((d) => {
    if (d.errors.length > 0) throw new Error(`${file}: ${d.errors[0].message}`);
    return d.toJSON();
  }).filter((d) => d !== null);
}

function yamlFiles(dir) {
  if (!fs.existsSync(dir)) usage(`no such directory: ${dir}`);
  return fs.readdirSync(dir).filter((f) => /\.ya?ml$/.test(f)).sort().map((f) => path.join(dir, f));
}

// Unknown fields are pruned by the API server; here they are errors (kubeconform's -strict does the same).
function strict(schema) {
  if (schema === null || typeof schema !== "object") return schema;
  if (Array.isArray(schema)) return schema.map(strict);
  const out = {};
  for (const [k, v] of Object.entries(schema)) out[k] = strict(v);
  if (out.properties && out.additionalProperties === undefined && !out["x-kubernetes-preserve-unknown-fields"]) {
    out.additionalProperties = false;
  }
  return out;
}

// "group/version Kind" -> validate function, from every CustomResourceDefinition in --crds DIR.
const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
const crdSchemas = new Map();
if (crdDir !== null) {
  for (const file of yamlFiles(crdDir)) {
    for (const crd of yamlDocuments(file)) {
      if (crd.kind !== "CustomResourceDefinition") continue;
      for (const v of crd.spec.versions) {
        if (!v.served) continue;
        crdSchemas.set(`${crd.spec.group}/${v.name} ${crd.spec.names.kind}`, ajv.compile(strict(v.schema.openAPIV3Schema)));
      }
    }
  }
}

// Both packages lay their classes out as PACKAGE/<apiVersion>/<Kind> ("v1" for the core group).
const MODEL_PACKAGES = ["kubernetes-models", "@kubernetes-models/strimzi-kafka-operator"];

async function packageModel(apiVersion, kind) {
  for (const pkg of MODEL_PACKAGES) {
    try {
      const module = await import(`${pkg}/${apiVersion}/${kind}`);
      if (module[kind]) return module[kind];
    } catch {
      // not in this package: try the next
    }
  }
  return null;
}

let checked = 0, unchecked = 0, invalid = 0;
for (const file of yamlFiles(manifestDir)) {
  const name = path.basename(file);
  for (const doc of yamlDocuments(file)) {
    const id = `${name}: ${doc.kind} ${doc.metadata?.name ?? ""}`.trimEnd();
    if (doc.kind === "Kustomization") {
      for (const r of doc.resources ?? []) {
        if (!fs.existsSync(path.join(manifestDir, r))) { console.log(`${id}: resource ${r} does not exist`); invalid++; }
      }
      checked++;
      continue;
    }
    const crd = crdSchemas.get(`${doc.apiVersion} ${doc.kind}`);
    const Model = crd === undefined ? await packageModel(doc.apiVersion, doc.kind) : null;
    if (crd !== undefined) {
      if (!crd(doc)) {
        for (const e of crd.errors) {
          const extra = e.params?.additionalProperty ? ` (${e.params.additionalProperty})` : "";
          console.log(`${id}: ${e.instancePath || "/"} ${e.message}${extra}`);
        }
        invalid++;
      }
      checked++;
    } else if (Model !== null) {
      try {
        new Model(doc).validate();
      } catch (e) {
        console.log(`${id}: ${e.message}`);
        invalid++;
      }
      checked++;
    } else if (crdDir === null && doc.apiVersion.includes(".")) {
      console.log(`${id}: unchecked (${doc.apiVersion} is a custom resource: give its CRD with --crds DIR)`);
      unchecked++;
    } else {
      console.log(`${id}: no schema for ${doc.apiVersion} ${doc.kind}`);
      invalid++;
    }
  }
}
console.log(`checked ${checked}, unchecked ${unchecked}, invalid ${invalid}`);
process.exit(invalid > 0 ? 1 : 0);
