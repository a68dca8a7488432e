import dgram from "node:dgram";
import net from "node:net";
import dnsPacket from "dns-packet";

// A DNS server on 127.0.0.1 for tests, over UDP and TCP on one port (a resolver asks again over
// TCP when a UDP answer is truncated), answering TXT questions as a test sets them: records,
// an error code, silence, or bytes of the test's own making. Questions for names it has no
// answer for get NXDOMAIN. Packets are encoded with `dns-packet`.

/** How one name is answered. */
export type FakeDnsAnswer =
  /** TXT records, each a list of character-strings (at most 255 bytes each). */
  | { txt: (string | Buffer)[][] }
  /** An answer with no record and this code (SERVFAIL 2, NXDOMAIN 3, REFUSED 5). */
  | { rcode: number }
  /** No answer at all: the resolver waits for its time limit. */
  | { silent: true }
  /** These bytes, whatever was asked (the query is given, for its id). */
  | { raw: (query: Buffer) => Buffer };

export interface FakeDns {
  /** `127.0.0.1:PORT`, for DNS_SERVERS. */
  server: string;
  /** The answer for each name (lower case, without a trailing dot). */
  answers: Map<string, FakeDnsAnswer>;
  /** Every name asked, in order, and over which transport. */
  asked: { name: string; type: string; transport: "udp" | "tcp" }[];
  close(): Promise<void>;
}

const UDP_LIMIT = 512;

export async function startFakeDns(): Promise<FakeDns> {
  const answers = new Map<string, FakeDnsAnswer>();
  const asked: FakeDns["asked"] = [];

  const respond = (query: Buffer, transport: "udp" | "tcp"): Buffer | null => {
    let packet: dnsPacket.DecodedPacket;
    try {
      packet = dnsPacket.decode(query);
    } catch {
      return null;
    }
    const question = packet.questions?.[0];
    if (!question) return null;
    const name = question.name.toLowerCase().replace(/\.$/, "");
    asked.push({ name, type: question.type, transport });
    const answer = answers.get(name) ?? { rcode: 3 };
    if ("silent" in answer) return null;
    if ("raw" in answer) return answer.raw(query);
    const base = {
      id: packet.id,
      type: "response" as const,
      questions: [question],
      flags: dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE,
    };
    if ("rcode" in answer) return dnsPacket.encode({ ...base, flags: base.flags | answer.rcode });
    const records =
      question.type === "TXT"
        ? answer.txt.map((data) => ({ type: "TXT" as const, name: question.name, ttl: 60, class: "IN" as const, data }))
        : [];
    const full = dnsPacket.encode({ ...base, answers: records });
    if (transport === "tcp" || full.length <= UDP_LIMIT) return full;
    return dnsPacket.encode({ ...base, flags: base.flags | dnsPacket.TRUNCATED_RESPONSE });
  };

  const sockets = new Set<net.Socket>();
  // Over TCP each message is preceded by its length (two bytes).
  const tcp = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    let buffered = Buffer.alloc(0);
    socket.on("data", (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      while (buffered.length >= 2 && buffered.length >= 2 + buffered.readUInt16BE(0)) {
        const query = buffered.subarray(2, 2 + buffered.readUInt16BE(0));
        buffered = buffered.subarray(2 + query.length);
        const reply = respond(query, "tcp");
        if (!reply) continue;
        if (reply.length > 0xffff)
          throw new Error("A DNS message over TCP holds at most 65,535 bytes: answer with fewer records.");
        const length = Buffer.alloc(2);
        length.writeUInt16BE(reply.length);
        socket.write(Buffer.concat([length, reply]));
      }
    });
    socket.on("error", () => undefined);
  });

  // The UDP socket takes a free port; TCP listens on the same number, which is free too almost always.
  let udp: dgram.Socket | null = null;
  let port = 0;
  for (let attempt = 0; attempt < 10 && !udp; attempt++) {
    const socket = dgram.createSocket("udp4");
    await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", resolve));
    port = socket.address().port;
    const listening = await new Promise<boolean>((resolve) => {
      tcp.once("error", () => resolve(false));
      tcp.listen(port, "127.0.0.1", () => resolve(true));
    });
    if (listening) udp = socket;
    else socket.close();
  }
  if (!udp) throw new Error("the fake DNS server found no port free for both UDP and TCP");
  const bound = udp;
  bound.on("message", (message, peer) => {
    const reply = respond(message, "udp");
    if (reply) bound.send(reply, peer.port, peer.address);
  });

  return {
    server: `127.0.0.1:${port}`,
    answers,
    asked,
    async close() {
      await new Promise<void>((resolve) => bound.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => tcp.close(() => resolve()));
    },
  };
}
