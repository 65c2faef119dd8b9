// What the app takes from connect-web: the Connect protocol's transport
// alone. Importing the package whole (transport.ts imports it dynamically,
// which keeps every export) brought its gRPC-Web transport too, whose
// google.rpc.Status descriptor is decoded at evaluation with descriptor.proto's
// own types, so every page built those (the largest file protobuf has) for
// a transport it never uses.
export { createConnectTransport } from "@connectrpc/connect-web";
