//! The HTTP bodies the fake Discords read: chunked or not, JSON or
//! multipart with a `payload_json` part and the files. Shared by the fakes
//! of the gateway tests and of `antics serve`'s.

use serde_json::Value;
use std::io::BufRead;

/// A chunked body, read to its last (empty) chunk.
pub fn read_chunked(reader: &mut impl BufRead) -> Option<Vec<u8>> {
    let mut body = Vec::new();
    loop {
        let mut size = String::new();
        reader.read_line(&mut size).ok()?;
        let size = usize::from_str_radix(size.trim().split(';').next()?, 16).ok()?;
        let mut chunk = vec![0; size + 2];
        reader.read_exact(&mut chunk).ok()?;
        if size == 0 {
            return Some(body);
        }
        body.extend_from_slice(&chunk[..size]);
    }
}

/// The JSON payload: the body, or the `payload_json` part of a multipart
/// body.
pub fn payload(content_type: &str, body: &[u8]) -> Value {
    if content_type.starts_with("multipart/") {
        let (_, _, data) = parts(content_type, body)
            .into_iter()
            .find(|(name, _, _)| name == "payload_json")
            .expect("a payload_json part");
        serde_json::from_slice(&data).expect("payload_json is JSON")
    } else {
        serde_json::from_slice(body).unwrap_or(Value::Null)
    }
}

/// Multipart parts as (name, filename, data).
pub fn parts(content_type: &str, body: &[u8]) -> Vec<(String, Option<String>, Vec<u8>)> {
    let boundary = content_type
        .split("boundary=")
        .nth(1)
        .expect("a multipart boundary")
        .trim_matches('"')
        .to_string();
    let delimiter = format!("--{boundary}");
    let mut starts = Vec::new();
    let mut i = 0;
    while let Some(at) = find(&body[i..], delimiter.as_bytes()) {
        starts.push(i + at);
        i += at + delimiter.len();
    }
    let mut parts = Vec::new();
    for w in starts.windows(2) {
        let part = &body[w[0] + delimiter.len()..w[1]];
        let Some(split) = find(part, b"\r\n\r\n") else {
            continue;
        };
        let head = String::from_utf8_lossy(&part[..split]).to_string();
        let mut data = part[split + 4..].to_vec();
        if data.ends_with(b"\r\n") {
            data.truncate(data.len() - 2);
        }
        let attr = |key: &str| {
            head.split(';')
                .map(str::trim)
                .find_map(|kv| kv.strip_prefix(&format!("{key}=")))
                .map(|v| v.lines().next().unwrap_or("").trim_matches('"').to_string())
        };
        parts.push((attr("name").unwrap_or_default(), attr("filename"), data));
    }
    parts
}

pub fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}
