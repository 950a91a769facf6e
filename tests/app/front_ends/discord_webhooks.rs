//! The interactions' webhooks' multipart bodies (src/discord/webhooks.rs).

use antics::discord::webhooks::Body;
use poise::serenity_prelude as serenity;
use serde_json::Value;

#[test]
fn each_file_is_numbered_as_its_attachment() {
    let files = [
        serenity::CreateAttachment::bytes(b"moves".to_vec(), "record.txt"),
        serenity::CreateAttachment::bytes(b"GIF89a".to_vec(), "replay.gif"),
    ];
    let payload =
        serde_json::to_value(serenity::CreateInteractionResponseFollowup::new().add_files(files.clone()))
            .unwrap();
    let body = Body::new(payload, &files).unwrap();
    let text = String::from_utf8_lossy(&body.bytes);
    let json: Value = serde_json::from_str(
        text.split("\r\n\r\n")
            .nth(1)
            .unwrap()
            .split("\r\n--")
            .next()
            .unwrap(),
    )
    .unwrap();
    assert_eq!(json["attachments"][0]["id"], 0);
    assert_eq!(json["attachments"][1]["id"], 1);
    assert_eq!(json["attachments"][1]["filename"], "replay.gif");
    assert!(text.contains("name=\"files[1]\"; filename=\"replay.gif\"\r\nContent-Type: image/gif"));
}
